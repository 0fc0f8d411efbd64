import type { DB } from '../db/connection.ts'
import { foldText } from '../vocabulary/fold.ts'

/**
 * The catalogue as weighted feature sets for nearest-neighbour search: title words, skills,
 * category, role and seniority, each weighted by inverse document frequency (TF-IDF with binary
 * term frequency), so a shared rare skill counts for more than a shared "engineer". Postings are
 * held by position in growable typed arrays and patched batch by batch, so a seed of a million
 * postings in batches of a few thousand never re-reads what it already indexed.
 */

/** How much each kind of feature counts next to the others (before IDF). */
const KIND_WEIGHT: Record<string, number> = { t: 1, s: 1.2, c: 1, r: 1, l: 0.3 }

const STOPWORDS = new Set(['and', 'or', 'of', 'the', 'for', 'to', 'in', 'at', 'with', 'a', 'an', 'm', 'f', 'd', 'w', 'x', 'h'])

export function titleWords(title: string): string[] {
  return [...new Set(foldText(title).split(/[^a-z0-9+#]+/).filter((w) => w.length > 0 && !STOPWORDS.has(w)))]
}

export class GrowableInts {
  data: Int32Array
  length = 0
  constructor(capacity = 16) {
    this.data = new Int32Array(capacity)
  }
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2)
      next.set(this.data)
      this.data = next
    }
    this.data[this.length++] = value
  }
}

type JobRow = [id: number, title: string, category: string | null, role: string | null, seniority: string | null, cluster: number | null, open: number]

export class SimilarIndex {
  /** Job id per position, ascending. */
  readonly ids = new GrowableInts(1024)
  readonly open = new GrowableInts(1024)
  readonly clusters = new GrowableInts(1024)
  /** Features of position p: feats[featStart[p] .. featEnd[p]), sorted. */
  readonly featStart = new GrowableInts(1024)
  readonly featEnd = new GrowableInts(1024)
  readonly feats = new GrowableInts(8192)
  /** Positions holding each feature, mostly ascending (a posting that gains a feature is appended). */
  readonly posts: GrowableInts[] = []
  readonly weights: number[] = []
  private readonly featureIds = new Map<string, number>()
  private readonly kinds: number[] = []
  /** Open postings counted when the weights were last set. */
  private weightedFor = -1
  openCount = 0

  get size(): number {
    return this.ids.length
  }

  positionOf(id: number): number {
    const ids = this.ids.data
    let lo = 0
    let hi = this.ids.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (ids[mid] === id) return mid
      if (ids[mid]! < id) lo = mid + 1
      else hi = mid - 1
    }
    return -1
  }

  private featureOf(key: string): number {
    let id = this.featureIds.get(key)
    if (id === undefined) {
      id = this.featureIds.size
      this.featureIds.set(key, id)
      this.kinds.push(KIND_WEIGHT[key[0]!]!)
      this.posts.push(new GrowableInts(4))
      this.weights.push(0)
    }
    return id
  }

  /** Reads the given postings (all when ids are absent) and adds or replaces them. False when an id arrived out of order. */
  load(db: DB, ids?: number[]): boolean {
    const only = (column: string) => (ids ? `WHERE ${column} IN (SELECT value FROM json_each(?))` : '')
    const args = ids ? [JSON.stringify(ids)] : []
    const skills = db
      .prepare(`SELECT s.job_id, group_concat(s.skill, char(31)) FROM job_skills s ${only('s.job_id')} GROUP BY s.job_id ORDER BY s.job_id`)
      .raw()
      .iterate(...args) as IterableIterator<[number, string]>
    const rows = db
      .prepare(`SELECT j.id, j.title, j.category, j.role, j.seniority, j.cluster_id, j.closed_at IS NULL FROM jobs j ${only('j.id')} ORDER BY j.id`)
      .raw()
      .iterate(...args) as IterableIterator<JobRow>
    let pending = skills.next()
    let inOrder = true
    for (const [id, title, category, role, seniority, cluster, isOpen] of rows) {
      const own = new Set<number>()
      for (const word of titleWords(title)) own.add(this.featureOf(`t:${word}`))
      if (category) own.add(this.featureOf(`c:${category}`))
      if (role) own.add(this.featureOf(`r:${role}`))
      if (seniority) own.add(this.featureOf(`l:${seniority}`))
      // Both scans are ordered by job id.
      while (!pending.done && pending.value[0] <= id) {
        if (pending.value[0] === id) for (const skill of pending.value[1].split('\u001f')) own.add(this.featureOf(`s:${skill}`))
        pending = skills.next()
      }
      inOrder = this.put(id, [...own].sort((a, b) => a - b), cluster ?? 0, isOpen) && inOrder
    }
    skills.return?.()
    return inOrder
  }

  private put(id: number, features: number[], cluster: number, isOpen: number): boolean {
    let p = this.positionOf(id)
    const before = p >= 0 ? new Set(this.featuresOf(p)) : new Set<number>()
    if (p < 0) {
      if (this.size > 0 && id < this.ids.data[this.size - 1]!) return false
      p = this.size
      this.ids.push(id)
      this.open.push(0)
      this.clusters.push(0)
      this.featStart.push(0)
      this.featEnd.push(0)
    }
    this.openCount += isOpen - this.open.data[p]!
    this.open.data[p] = isOpen
    this.clusters.data[p] = cluster
    this.featStart.data[p] = this.feats.length
    for (const f of features) {
      this.feats.push(f)
      if (!before.has(f)) this.posts[f]!.push(p)
    }
    this.featEnd.data[p] = this.feats.length
    return true
  }

  featuresOf(p: number): Int32Array {
    return this.feats.data.subarray(this.featStart.data[p]!, this.featEnd.data[p]!)
  }

  /** IDF weights for the current catalogue size (document frequency = posting-list length). */
  updateWeights(): void {
    if (this.weightedFor === this.openCount) return
    const n = Math.max(this.openCount, 1)
    for (let f = 0; f < this.weights.length; f++) this.weights[f] = this.kinds[f]! * Math.log(1 + n / Math.max(this.posts[f]!.length, 1))
    this.weightedFor = this.openCount
  }

  norm(p: number): number {
    let sum = 0
    for (const f of this.featuresOf(p)) sum += this.weights[f]! ** 2
    return Math.sqrt(sum) || 1
  }

  /** Weighted dot product of two positions (feature lists are sorted: one merge pass). */
  dot(a: number, b: number): number {
    const feats = this.feats.data
    let i = this.featStart.data[a]!
    let j = this.featStart.data[b]!
    const iEnd = this.featEnd.data[a]!
    const jEnd = this.featEnd.data[b]!
    let dot = 0
    while (i < iEnd && j < jEnd) {
      const fa = feats[i]!
      const fb = feats[j]!
      if (fa === fb) {
        dot += this.weights[fa]! ** 2
        i++
        j++
      } else if (fa < fb) i++
      else j++
    }
    return dot
  }
}
