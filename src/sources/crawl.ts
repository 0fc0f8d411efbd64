import { createHash } from 'node:crypto'
import type { Config } from '../config.ts'
import type { DB } from '../db/connection.ts'
import { importRecords, type ImportInput } from '../ingest/import.ts'
import { closeJob } from '../catalogue/job-store.ts'
import { refreshDerivedData } from '../catalogue/refresh.ts'
import { adapters } from './adapters/index.ts'
import type { BoardEntry, Listing, Malformed } from './adapters/adapter.ts'
import type { BoardHttp } from './board-http.ts'
import type { SourceRow } from './board-store.ts'
import { recordCrawl, type CrawlReport } from './crawl-report.ts'

/**
 * One crawl of one claimed source. The board's listing is compared with what it listed before:
 * only new, changed and returning postings go through the importer (enrichment, dedup, upsert by
 * source + the board's id); unchanged ones are not rewritten. The closing rule: a posting the board
 * no longer lists for two consecutive successful crawls gets closed_at; one that comes back is
 * reopened. A failed crawl (the board unreachable, refused, malformed as a whole) changes no posting.
 */
export interface CrawlDeps {
  db: DB
  config: Config
  http: BoardHttp
  now: () => Date
}

export interface CrawlOptions {
  signal?: AbortSignal
  onProgress?: (done: number, total: number) => void
}

/** Successful crawls in a row that must miss a posting before it closes. */
export const MISSES_TO_CLOSE = 2
const DAY_MS = 86_400_000

const fingerprintOf = (record: unknown) => createHash('sha256').update(JSON.stringify(record)).digest('base64url').slice(0, 22)

interface Known {
  external_id: string
  job_id: number | null
  fingerprint: string
  missed_crawls: number
  closed_at: string | null
}

export async function crawlSource(deps: CrawlDeps, source: SourceRow, options: CrawlOptions = {}): Promise<CrawlReport> {
  const { db, config } = deps
  const startedAt = deps.now().toISOString()
  const adapter = adapters[source.kind]!
  let listing: Listing
  try {
    listing = await adapter.list(source, { http: deps.http, signal: options.signal, maxPages: config.sourcesMaxPages })
  } catch (error) {
    if (options.signal?.aborted) throw error
    return recordCrawl(db, config, source, { startedAt, finishedAt: deps.now().toISOString(), ok: false, error: (error as Error).message })
  }
  const errors: Malformed[] = [...listing.malformed]
  const entries: BoardEntry[] = []
  const seen = new Set<string>()
  for (const entry of listing.entries) {
    if (seen.has(entry.id)) errors.push({ at: entry.id, reason: 'listed twice; the first is kept', id: entry.id })
    else entries.push(entry)
    seen.add(entry.id)
  }
  const known = new Map(
    (db.prepare(
      `SELECT b.external_id, b.job_id, b.fingerprint, b.missed_crawls, j.closed_at
       FROM board_postings b LEFT JOIN jobs j ON j.id = b.job_id WHERE b.board_source_id = ?`,
    ).all(source.id) as Known[]).map((k) => [k.external_id, k]),
  )

  // Unchanged: same content, still a posting, and open (or closed while listed, by its own validThrough).
  const unchanged: string[] = []
  const changed: { entry: BoardEntry; fingerprint: string; wasClosed: boolean }[] = []
  for (const entry of entries) {
    const fingerprint = fingerprintOf(entry.record)
    const before = known.get(entry.id)
    if (before && before.fingerprint === fingerprint && before.job_id !== null && (before.closed_at === null || before.missed_crawls === 0)) unchanged.push(entry.id)
    else changed.push({ entry, fingerprint, wasClosed: Boolean(before?.job_id && before.closed_at) })
  }

  const inputs: ImportInput[] = []
  for (const [i, { entry }] of changed.entries()) {
    let record = entry.record
    if (entry.complete) {
      try {
        record = await entry.complete()
      } catch (error) {
        if (options.signal?.aborted) throw error
        errors.push({ at: entry.id, reason: (error as Error).message, id: entry.id })
        continue
      }
    }
    // closed_at null: a posting this board lists again is open again.
    inputs.push({ at: entry.id, value: { ...record, closed_at: null }, identity: { source: source.kind, externalId: entry.id } })
    options.onProgress?.(i + 1, changed.length)
  }
  const written = new Map<string, number>()
  const outcomes = new Map<string, string>()
  const imported = importRecords(db, inputs, {
    now: deps.now(),
    onWritten: (input, result) => {
      written.set(input.identity!.externalId, result.id)
      outcomes.set(input.identity!.externalId, result.outcome)
    },
  })
  for (const rejection of imported.rejected) errors.push({ at: rejection.at, reason: rejection.reason, id: rejection.at })

  const now = deps.now().toISOString()
  const counts = { listed: entries.length, new: 0, updated: 0, unchanged: unchanged.length, closed: 0, reopened: 0 }
  const closedIds: number[] = []
  const report = db.transaction(() => {
    const upsert = db.prepare(
      `INSERT INTO board_postings (board_source_id, external_id, job_id, fingerprint, missed_crawls, last_listed_at) VALUES (?, ?, ?, ?, 0, ?)
       ON CONFLICT (board_source_id, external_id) DO UPDATE SET job_id = excluded.job_id, fingerprint = excluded.fingerprint, missed_crawls = 0, last_listed_at = excluded.last_listed_at`,
    )
    const isOpen = db.prepare('SELECT closed_at IS NULL FROM jobs WHERE id = ?').pluck()
    for (const { entry, fingerprint, wasClosed } of changed) {
      const jobId = written.get(entry.id)
      if (jobId === undefined) continue
      upsert.run(source.id, entry.id, jobId, fingerprint, now)
      if (outcomes.get(entry.id) === 'inserted') counts.new += 1
      else if (wasClosed && isOpen.get(jobId)) counts.reopened += 1
      else counts.updated += 1
    }
    // Listed but not rewritten (unchanged, or unreadable this time): seen, so not missed.
    const seenAgain = db.prepare('UPDATE board_postings SET missed_crawls = 0, last_listed_at = ? WHERE board_source_id = ? AND external_id = ?')
    for (const id of [...unchanged, ...errors.map((e) => e.id).filter((id): id is string => id !== undefined && !written.has(id))]) seenAgain.run(now, source.id, id)
    const missed = db.prepare('UPDATE board_postings SET missed_crawls = missed_crawls + 1 WHERE board_source_id = ? AND external_id = ?')
    const listedIds = new Set([...seen, ...errors.map((e) => e.id).filter(Boolean)])
    for (const before of known.values()) {
      if (listedIds.has(before.external_id)) continue
      missed.run(source.id, before.external_id)
      if (before.missed_crawls + 1 >= MISSES_TO_CLOSE && before.job_id !== null && closeJob(db, before.job_id, now)) {
        closedIds.push(before.job_id)
        counts.closed += 1
      }
    }
    // last_seen_at of postings not rewritten is kept within a day, without touching search.
    db.prepare(
      `UPDATE jobs SET last_seen_at = ? WHERE last_seen_at < ? AND id IN (
         SELECT job_id FROM board_postings WHERE board_source_id = ? AND missed_crawls = 0 AND job_id IS NOT NULL)`,
    ).run(now, new Date(Date.parse(now) - DAY_MS).toISOString(), source.id)
    return recordCrawl(db, config, source, { startedAt, finishedAt: now, ok: true, ...counts, errors })
  })()
  refreshDerivedData(db, closedIds)
  return report
}
