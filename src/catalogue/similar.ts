import type { DB } from '../db/connection.ts'
import { buildSimilarIndex, cosine, indexOfJob, type SimilarIndex } from './similar-index.ts'

/**
 * Similar jobs: neighbours are precomputed when the catalogue changes and stored in job_similar, so
 * GET /jobs/{slug}/similar is an indexed lookup. Candidates are bounded: for each job only postings
 * that share one of its rarest features (windows of the feature's posting list around the job) are
 * scored, which keeps a full rebuild linear in the catalogue size.
 */

/** Neighbours stored per job: the API's largest `limit`. */
export const SIMILAR_STORED = 20
/** Postings scored per job at most, and taken from any one feature's posting list at most. */
const MAX_CANDIDATES = 240
const PER_FEATURE = 80
/** Neighbours below this cosine score are not worth showing. */
const MIN_SCORE = 0.05
/**
 * Up to this many changed postings are also offered to their neighbours' lists; a larger batch (a
 * seed, a bulk import) only recomputes its own postings, since rewriting ~20 lists per posting
 * would cost more than the batch itself.
 */
const MAX_OFFERING_BATCH = 2000

interface Neighbour {
  index: number
  score: number
}

/** Best-scoring candidates for job `j`, nearest first; other postings of its own role cluster are left to /copies. */
export function nearestNeighbours(index: SimilarIndex, j: number, stamp: Int32Array): Neighbour[] {
  const { featStart, feats, df, postStart, posts, clusters } = index
  const own = Array.from(feats.subarray(featStart[j]!, featStart[j + 1]!)).filter((f) => df[f]! > 1)
  own.sort((a, b) => df[a]! - df[b]!)
  const top: Neighbour[] = []
  let threshold = MIN_SCORE
  let scored = 0
  stamp[j] = j
  for (const f of own) {
    if (scored >= MAX_CANDIDATES) break
    const start = postStart[f]!
    const end = postStart[f + 1]!
    const take = Math.min(PER_FEATURE, MAX_CANDIDATES - scored, end - start)
    const at = lowerBound(posts, start, end, j)
    const from = Math.max(start, Math.min(at - (take >> 1), end - take))
    for (let k = from; k < from + take; k++) {
      const candidate = posts[k]!
      if (stamp[candidate] === j) continue
      stamp[candidate] = j
      if (!index.open[candidate]) continue
      scored++
      if (clusters[j] !== 0 && clusters[candidate] === clusters[j]) continue
      const score = cosine(index, j, candidate)
      if (score >= threshold) threshold = keepTop(top, { index: candidate, score }, threshold)
    }
  }
  return top.sort((a, b) => b.score - a.score || a.index - b.index)
}

function lowerBound(values: Int32Array, start: number, end: number, target: number): number {
  let lo = start
  let hi = end
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (values[mid]! < target) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Adds a candidate to the bounded top list; returns the score a later candidate must reach. */
function keepTop(top: Neighbour[], item: Neighbour, threshold: number): number {
  if (top.length < SIMILAR_STORED) {
    top.push(item)
    return top.length < SIMILAR_STORED ? threshold : Math.max(threshold, worstOf(top).score)
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

/**
 * Recomputes the neighbours of the changed postings, and offers each changed open posting to its
 * neighbours' stored lists (so a new Go role shows up next to the existing ones). Closed postings
 * get a list too: a closed job's page can still point at open look-alikes.
 */
export function refreshSimilarJobs(db: DB, changedJobIds: number[]): void {
  if (changedJobIds.length === 0) return
  const closed = db
    .prepare('SELECT id FROM jobs WHERE id IN (SELECT value FROM json_each(?)) AND closed_at IS NOT NULL')
    .pluck()
    .all(JSON.stringify(changedJobIds)) as number[]
  const index = buildSimilarIndex(db, closed)
  const stamp = new Int32Array(index.ids.length).fill(-1)
  const changed = [...new Set(changedJobIds)].map((id) => indexOfJob(index, id)).filter((j) => j >= 0)
  const offering = changed.length <= MAX_OFFERING_BATCH
  const offers = new Map<number, Neighbour[]>()
  const lists = new Map<number, Neighbour[]>()
  for (const j of changed) {
    const neighbours = nearestNeighbours(index, j, stamp)
    lists.set(j, neighbours)
    if (!offering || !index.open[j]) continue
    for (const n of neighbours) {
      const list = offers.get(n.index)
      if (list) list.push({ index: j, score: n.score })
      else offers.set(n.index, [{ index: j, score: n.score }])
    }
  }
  const read = db.prepare('SELECT neighbor_id, score FROM job_similar WHERE job_id = ? ORDER BY rank').raw()
  const remove = db.prepare('DELETE FROM job_similar WHERE job_id = ?')
  // One statement per job (rows passed as JSON) is several times faster than one per row.
  const insert = db.prepare(
    `INSERT INTO job_similar (job_id, rank, neighbor_id, score)
     SELECT ?, key, value ->> 0, value ->> 1 FROM json_each(?)`,
  )
  const write = (jobId: number, neighbours: { id: number; score: number }[]) => {
    remove.run(jobId)
    if (neighbours.length) insert.run(jobId, JSON.stringify(neighbours.map((n) => [n.id, Math.round(n.score * 1e4) / 1e4])))
  }
  db.transaction(() => {
    for (const [j, neighbours] of lists) write(index.ids[j]!, neighbours.map((n) => ({ id: index.ids[n.index]!, score: n.score })))
    for (const [n, offered] of offers) {
      if (lists.has(n)) continue
      const jobId = index.ids[n]!
      const offeredIds = new Set(offered.map((o) => index.ids[o.index]!))
      const stored = (read.all(jobId) as [number, number][])
        .filter(([id]) => !offeredIds.has(id))
        .map(([id, score]) => ({ id, score }))
      const merged = [...stored, ...offered.map((o) => ({ id: index.ids[o.index]!, score: o.score }))]
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
