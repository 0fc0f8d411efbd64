import type { DB } from '../db/connection.ts'
import { foldText } from '../ingest/dictionaries/fold.ts'

/**
 * The open catalogue as weighted feature sets, for nearest-neighbour search: title words, skills,
 * category, role and seniority, each weighted by inverse document frequency (TF-IDF with binary
 * term frequency) so a shared rare skill counts for more than a shared "engineer". Held in typed
 * arrays (CSR layout) so a million postings fit in a few tens of megabytes.
 */
export interface SimilarIndex {
  /** Job ids, ascending; a job's position here is its index in every other array. */
  ids: Int32Array
  /** 1 for open postings; closed ones are indexed only as queries (never offered as neighbours). */
  open: Uint8Array
  clusters: Int32Array
  featStart: Int32Array
  feats: Int32Array
  weights: Float64Array
  norms: Float64Array
  df: Int32Array
  postStart: Int32Array
  /** Job indices per feature, ascending. */
  posts: Int32Array
}

/** How much each kind of feature counts next to the others (before IDF). */
const KIND_WEIGHT: Record<string, number> = { t: 1, s: 1.2, c: 1, r: 1, l: 0.3 }

const STOPWORDS = new Set(['and', 'or', 'of', 'the', 'for', 'to', 'in', 'at', 'with', 'a', 'an', 'm', 'f', 'd', 'w', 'x', 'h'])

export function titleWords(title: string): string[] {
  return [...new Set(foldText(title).split(/[^a-z0-9+#]+/).filter((w) => w.length > 0 && !STOPWORDS.has(w)))]
}

type JobRow = [id: number, title: string, category: string | null, role: string | null, seniority: string | null, cluster: number | null, open: number]

/** Indexes every open posting, plus the closed postings among `closedToQuery` (so they get neighbours too). */
export function buildSimilarIndex(db: DB, closedToQuery: number[] = []): SimilarIndex {
  const included = '(j.closed_at IS NULL OR j.id IN (SELECT value FROM json_each(?)))'
  const closedList = JSON.stringify(closedToQuery)
  const featureIds = new Map<string, number>()
  const featureKind: string[] = []
  const featureOf = (key: string) => {
    let id = featureIds.get(key)
    if (id === undefined) {
      id = featureIds.size
      featureIds.set(key, id)
      featureKind.push(key[0]!)
    }
    return id
  }
  const ids: number[] = []
  const clusters: number[] = []
  const featStart: number[] = [0]
  const feats: number[] = []
  const skills = db
    .prepare("SELECT job_id, group_concat(skill, char(31)) FROM job_skills GROUP BY job_id ORDER BY job_id")
    .raw()
    .iterate() as IterableIterator<[number, string]>
  let pendingSkill = skills.next()
  const jobs = db
    .prepare(`SELECT id, title, category, role, seniority, cluster_id, closed_at IS NULL FROM jobs j WHERE ${included} ORDER BY id`)
    .raw()
    .iterate(closedList) as IterableIterator<JobRow>
  const open: number[] = []
  for (const [id, title, category, role, seniority, cluster, isOpen] of jobs) {
    const own = new Set<number>()
    for (const word of titleWords(title)) own.add(featureOf(`t:${word}`))
    if (category) own.add(featureOf(`c:${category}`))
    if (role) own.add(featureOf(`r:${role}`))
    if (seniority) own.add(featureOf(`l:${seniority}`))
    // Both scans are ordered by job id; skills of postings left out of the index are skipped here.
    while (!pendingSkill.done && pendingSkill.value[0] <= id) {
      if (pendingSkill.value[0] === id) for (const skill of pendingSkill.value[1].split('\u001f')) own.add(featureOf(`s:${skill}`))
      pendingSkill = skills.next()
    }
    ids.push(id)
    clusters.push(cluster ?? 0)
    open.push(isOpen)
    feats.push(...[...own].sort((a, b) => a - b))
    featStart.push(feats.length)
  }
  skills.return?.()
  return finishIndex(Int32Array.from(ids), Uint8Array.from(open), Int32Array.from(clusters), Int32Array.from(featStart), Int32Array.from(feats), featureKind)
}

function finishIndex(ids: Int32Array, open: Uint8Array, clusters: Int32Array, featStart: Int32Array, feats: Int32Array, featureKind: string[]): SimilarIndex {
  const jobCount = ids.length
  const featureCount = featureKind.length
  const df = new Int32Array(featureCount)
  for (const f of feats) df[f]! += 1
  const weights = new Float64Array(featureCount)
  for (let f = 0; f < featureCount; f++) weights[f] = KIND_WEIGHT[featureKind[f]!]! * Math.log(1 + jobCount / df[f]!)
  const norms = new Float64Array(jobCount)
  for (let j = 0; j < jobCount; j++) {
    let sum = 0
    for (let k = featStart[j]!; k < featStart[j + 1]!; k++) sum += weights[feats[k]!]! ** 2
    norms[j] = Math.sqrt(sum) || 1
  }
  const postStart = new Int32Array(featureCount + 1)
  for (let f = 0; f < featureCount; f++) postStart[f + 1] = postStart[f]! + df[f]!
  const fill = postStart.slice(0, featureCount)
  const posts = new Int32Array(feats.length)
  for (let j = 0; j < jobCount; j++) {
    for (let k = featStart[j]!; k < featStart[j + 1]!; k++) posts[fill[feats[k]!]!++] = j
  }
  return { ids, open, clusters, featStart, feats, weights, norms, df, postStart, posts }
}

/** Position of a job id in the index, or -1 when it is not indexed. */
export function indexOfJob(index: SimilarIndex, id: number): number {
  let lo = 0
  let hi = index.ids.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const value = index.ids[mid]!
    if (value === id) return mid
    if (value < id) lo = mid + 1
    else hi = mid - 1
  }
  return -1
}

/** Cosine similarity of two indexed jobs (their feature lists are sorted, so one merge pass). */
export function cosine(index: SimilarIndex, a: number, b: number): number {
  const { featStart, feats, weights } = index
  let i = featStart[a]!
  let j = featStart[b]!
  const iEnd = featStart[a + 1]!
  const jEnd = featStart[b + 1]!
  let dot = 0
  while (i < iEnd && j < jEnd) {
    const fa = feats[i]!
    const fb = feats[j]!
    if (fa === fb) {
      dot += weights[fa]! ** 2
      i++
      j++
    } else if (fa < fb) i++
    else j++
  }
  return dot / (index.norms[a]! * index.norms[b]!)
}
