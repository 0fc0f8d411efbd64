import type { DB } from '../db/connection.ts'
import { SimilarIndex } from './similar-index.ts'

/**
 * Similar jobs: neighbours are precomputed when the catalogue changes and stored in job_similar, so
 * GET /jobs/{slug}/similar is an indexed lookup. Candidates are bounded: for each job only postings
 * sharing one of its rarest features (a window of that feature's posting list around the job) are
 * scored, so the work per posting is constant whatever the catalogue size.
 */

/** Neighbours stored per job: the API's largest `limit`. */
export const SIMILAR_STORED = 20
/** Postings scored per job at most, and taken from any one feature's posting list at most. */
const MAX_CANDIDATES = 160
const PER_FEATURE = 60
/** Best candidates kept before reposts of one role are collapsed to one. */
const KEPT_CANDIDATES = 2 * SIMILAR_STORED
/** Neighbours below this cosine score are not worth showing. */
const MIN_SCORE = 0.05
/**
 * Up to this many changed postings are also offered to their neighbours' lists; a larger batch (a
 * seed, a bulk import) only recomputes its own postings, since rewriting ~20 lists per posting
 * would cost more than the batch itself.
 */
const MAX_OFFERING_BATCH = 2000

interface Neighbour {
  position: number
  score: number
}

/** Scratch space of one refresh: visit stamps and lazily computed norms. */
interface Scratch {
  stamp: Int32Array
  norms: Float64Array
}

function normOf(index: SimilarIndex, scratch: Scratch, p: number): number {
  if (Number.isNaN(scratch.norms[p]!)) scratch.norms[p] = index.norm(p)
  return scratch.norms[p]!
}

/** Best-scoring open candidates for position `j`, nearest first; its own role cluster is left to /copies. */
function nearestNeighbours(index: SimilarIndex, j: number, scratch: Scratch): Neighbour[] {
  const own = Array.from(index.featuresOf(j)).filter((f) => index.posts[f]!.length > 1)
  own.sort((a, b) => index.posts[a]!.length - index.posts[b]!.length)
  const cluster = index.clusters.data[j]!
  const top: Neighbour[] = []
  let threshold = MIN_SCORE
  let scored = 0
  scratch.stamp[j] = j
  const normJ = normOf(index, scratch, j)
  for (const f of own) {
    if (scored >= MAX_CANDIDATES) break
    const list = index.posts[f]!
    const take = Math.min(PER_FEATURE, MAX_CANDIDATES - scored, list.length)
    const from = Math.max(0, Math.min(lowerBound(list.data, list.length, j) - (take >> 1), list.length - take))
    for (let k = from; k < from + take; k++) {
      const candidate = list.data[k]!
      if (scratch.stamp[candidate] === j) continue
      scratch.stamp[candidate] = j
      if (!index.open.data[candidate]) continue
      scored++
      if (cluster !== 0 && index.clusters.data[candidate] === cluster) continue
      const score = index.dot(j, candidate) / (normJ * normOf(index, scratch, candidate))
      if (score >= threshold) threshold = keepTop(top, { position: candidate, score }, threshold)
    }
  }
  top.sort((a, b) => b.score - a.score || a.position - b.position)
  // Reposts of one role would fill the list with the same posting: keep the nearest of each cluster.
  const seenClusters = new Set<number>()
  return top
    .filter((n) => {
      const c = index.clusters.data[n.position]!
      if (c === 0) return true
      if (seenClusters.has(c)) return false
      seenClusters.add(c)
      return true
    })
    .slice(0, SIMILAR_STORED)
}

function lowerBound(values: Int32Array, length: number, target: number): number {
  let lo = 0
  let hi = length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (values[mid]! < target) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Adds a candidate to the bounded top list; returns the score a later candidate must reach. */
function keepTop(top: Neighbour[], item: Neighbour, threshold: number): number {
  if (top.length < KEPT_CANDIDATES) {
    top.push(item)
    return top.length < KEPT_CANDIDATES ? threshold : Math.max(threshold, worstOf(top).score)
  }
  const worst = worstOf(top)
  if (item.score <= worst.score) return threshold
  top[top.indexOf(worst)] = item
  return Math.max(threshold, worstOf(top).score)
}

function worstOf(top: Neighbour[]): Neighbour {
  let worst = top[0]!
  for (const item of top) if (item.score < worst.score) worst = item
  return worst
}

interface CachedIndex {
  index: SimilarIndex
  /** Newest jobs.updated_at the index has seen. */
  seenUpdatedAt: string | null
}

/** Kept between refreshes of one connection (a seed refreshes once per batch). */
const cache = new WeakMap<DB, CachedIndex>()

const newestUpdate = (db: DB) => db.prepare('SELECT max(updated_at) FROM jobs').pluck().get() as string | null

/** The index patched with the changed postings, or rebuilt when someone else wrote postings since it was read. */
function indexFor(db: DB, changedJobIds: number[]): SimilarIndex {
  const cached = cache.get(db)
  if (cached) {
    const otherNewest = db
      .prepare('SELECT updated_at FROM jobs WHERE id NOT IN (SELECT value FROM json_each(?)) ORDER BY updated_at DESC LIMIT 1')
      .pluck()
      .get(JSON.stringify(changedJobIds)) as string | undefined
    const untouched = (otherNewest ?? null) === null || (cached.seenUpdatedAt !== null && otherNewest! <= cached.seenUpdatedAt)
    if (untouched && cached.index.load(db, changedJobIds)) {
      cached.seenUpdatedAt = newestUpdate(db)
      return cached.index
    }
  }
  const index = new SimilarIndex()
  index.load(db)
  cache.set(db, { index, seenUpdatedAt: newestUpdate(db) })
  return index
}

/**
 * Recomputes the neighbours of the changed postings (closed ones too: a closed job's page can still
 * point at open look-alikes), and offers each changed open posting to its neighbours' stored lists
 * so a new Go role shows up next to the existing ones.
 */
export function refreshSimilarJobs(db: DB, changedJobIds: number[]): void {
  if (changedJobIds.length === 0) return
  const changed = [...new Set(changedJobIds)]
  const index = indexFor(db, changed)
  index.updateWeights()
  const scratch: Scratch = { stamp: new Int32Array(index.size).fill(-1), norms: new Float64Array(index.size).fill(NaN) }
  const offering = changed.length <= MAX_OFFERING_BATCH
  const lists = new Map<number, Neighbour[]>()
  const offers = new Map<number, Neighbour[]>()
  for (const id of changed) {
    const j = index.positionOf(id)
    if (j < 0) continue
    const neighbours = nearestNeighbours(index, j, scratch)
    lists.set(j, neighbours)
    if (!offering || !index.open.data[j]) continue
    for (const n of neighbours) {
      const list = offers.get(n.position)
      if (list) list.push({ position: j, score: n.score })
      else offers.set(n.position, [{ position: j, score: n.score }])
    }
  }
  writeLists(db, index, lists, offers)
}

function writeLists(db: DB, index: SimilarIndex, lists: Map<number, Neighbour[]>, offers: Map<number, Neighbour[]>): void {
  const idOf = (p: number) => index.ids.data[p]!
  const read = db.prepare('SELECT neighbor_id, score FROM job_similar WHERE job_id = ? ORDER BY rank').raw()
  const remove = db.prepare('DELETE FROM job_similar WHERE job_id = ?')
  const insert = db.prepare('INSERT INTO job_similar (job_id, rank, neighbor_id, score) VALUES (?, ?, ?, ?)')
  const write = (jobId: number, neighbours: { id: number; score: number }[]) => {
    remove.run(jobId)
    neighbours.forEach((n, rank) => insert.run(jobId, rank, n.id, Math.round(n.score * 1e4) / 1e4))
  }
  db.transaction(() => {
    for (const [j, neighbours] of lists) write(idOf(j), neighbours.map((n) => ({ id: idOf(n.position), score: n.score })))
    for (const [p, offered] of offers) {
      if (lists.has(p)) continue
      const jobId = idOf(p)
      const offeredIds = new Set(offered.map((o) => idOf(o.position)))
      const stored = (read.all(jobId) as [number, number][]).filter(([id]) => !offeredIds.has(id)).map(([id, score]) => ({ id, score }))
      const merged = [...stored, ...offered.map((o) => ({ id: idOf(o.position), score: o.score }))]
      merged.sort((a, b) => b.score - a.score || a.id - b.id)
      write(jobId, merged.slice(0, SIMILAR_STORED))
    }
  })()
}

/** Stored neighbours of a job that are still open, nearest first. */
export function similarJobIds(db: DB, jobId: number, limit: number): number[] {
  return db
    .prepare(
      `SELECT s.neighbor_id FROM job_similar s JOIN jobs j ON j.id = s.neighbor_id
       WHERE s.job_id = ? AND j.closed_at IS NULL ORDER BY s.rank LIMIT ?`,
    )
    .pluck()
    .all(jobId, limit) as number[]
}
