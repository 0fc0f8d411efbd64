import { createHash } from 'node:crypto'
import { statSync } from 'node:fs'
import * as v from 'valibot'
import { normalizeUrl, upsertJob, type UpsertOutcome } from '../catalogue/job-store.ts'
import { markRefreshPending, refreshDerivedData, resumePendingRefresh } from '../catalogue/refresh.ts'
import type { DB } from '../db/connection.ts'
import { boilerplateOf } from './boilerplate.ts'
import { diskFullText, isDiskFull } from '../db/disk-space.ts'
import { enrichPosting } from './enrich.ts'
import { descriptionToHtml, htmlToText } from './sanitize.ts'
import { JobLineSchema, rawFromJobLine } from './import-job-shape.ts'
import { isJsonLd, jobPostingNodes, rawFromJobPosting, RecordError } from './json-ld.ts'
import type { RawPosting } from './raw-posting.ts'
import { isHttpUrl, withSafeUrls } from './safe-urls.ts'
import { importFormat, readImportFile, Unreadable, type ImportInput } from './import-read.ts'

export type { ImportInput }

export interface ImportSummary {
  total: number
  inserted: number
  updated: number
  closed: number
  rejected: { at: string; reason: string }[]
  /** Links that were not http(s) URLs (posting url, source url, company homepage or careers page), stored as null. */
  droppedUrls: number
}

export interface ImportOptions {
  now?: Date
  batchSize?: number
  onProgress?: (done: number) => void
  /** Told about every posting written, with the input it came from (the crawler links board entries to postings). */
  onWritten?: (input: ImportInput, written: { id: number; outcome: UpsertOutcome }) => void
}

const DEFAULT_BATCH = 1000

/** Source and external id when the record has none: the url's host and normalized url, else a content hash. */
function identityOf(fallback: { url?: string | null; title: string; company: string; location?: string | null; identifier?: string | null }) {
  const key = fallback.url && isHttpUrl(fallback.url) ? normalizeUrl(fallback.url) : null
  const host = key ? key.split(/[/?]/)[0]! : null
  const hash = createHash('sha256').update(`${fallback.company}\u0000${fallback.title}\u0000${fallback.location ?? ''}`).digest('hex').slice(0, 24)
  return { source: host ?? 'import', externalId: fallback.identifier ?? key ?? hash }
}

function issueText(issues: v.BaseIssue<unknown>[]): string {
  const issue = issues[0]!
  const path = issue.path?.map((p) => String(p.key)).join('.')
  // Messages name the field and the rule; the offending value is not echoed.
  const message = issue.message.replace(/,?\s*(but )?received .*$/i, '').trim()
  return path ? `${path}: ${message}` : message
}

/** Raw postings of one input value: a JSON-LD document may hold several JobPostings. */
function rawPostingsOf(value: unknown, now: Date): { raw?: RawPosting; error?: string }[] {
  if (value instanceof Unreadable) return [{ error: value.reason }]
  if (isJsonLd(value) || (Array.isArray(value) && value.some(isJsonLd))) {
    return jobPostingNodes(value).map(({ node, error }) => {
      if (!node) return { error }
      try {
        return { raw: rawFromJobPosting(node, identityOf, now) }
      } catch (e) {
        if (e instanceof RecordError) return { error: e.message }
        throw e
      }
    })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [{ error: 'not a JSON object' }]
  const parsed = v.safeParse(JobLineSchema, value)
  if (!parsed.success) return [{ error: issueText(parsed.issues) }]
  return [{ raw: rawFromJobLine(parsed.output, identityOf, now) }]
}

/** Stored postings of an employer (open ones first) read beside a batch's to find its boilerplate. */
const STORED_FOR_BOILERPLATE = 12

/**
 * The paragraphs an employer repeats across its postings: those of the batch (by source and id, a
 * batch's version of a posting replacing the stored one) and a few of its stored ones.
 */
export function companyBoilerplate(db: DB): (companySlug: string, batch: readonly RawPosting[]) => ReadonlySet<string> {
  const stored = db.prepare(
    // Read along the (company, closed_at) index: open postings first, never a sort of a large employer's postings.
    `SELECT j.source, j.external_id, j.description_text FROM jobs j INDEXED BY jobs_company
     WHERE j.company_id = (SELECT id FROM companies WHERE slug = ?) LIMIT ${STORED_FOR_BOILERPLATE}`,
  )
  return (companySlug, batch) => {
    const texts = new Map<string, string>()
    for (const row of stored.all(companySlug) as { source: string; external_id: string; description_text: string }[]) texts.set(`${row.source}\u0000${row.external_id}`, row.description_text)
    for (const raw of batch) texts.set(`${raw.source}\u0000${raw.externalId}`, htmlToText(descriptionToHtml(raw.description)))
    return boilerplateOf([...texts.values()])
  }
}

export function newImportSummary(): ImportSummary {
  return { total: 0, inserted: 0, updated: 0, closed: 0, rejected: [], droppedUrls: 0 }
}

/**
 * The batch step of an import: writes one batch in one transaction (a savepoint per record, so a
 * bad record is reported and skipped, never half written, and never aborts its batch), counts it in
 * `summary`, and records the changed postings as pending derived-data work in the same transaction.
 * Returns their ids; the caller refreshes derived data from them.
 */
export function batchWriter(db: DB, now: Date, summary: ImportSummary, onWritten?: ImportOptions['onWritten']): (batch: ImportInput[]) => number[] {
  const stamp = now.toISOString()
  const clusterCount = db.prepare(
    `SELECT count(*) AS n, sum(j.closed_at IS NULL) AS open FROM jobs j JOIN role_clusters r ON r.id = j.cluster_id
     WHERE r.cluster_key = ? AND NOT (j.source = ? AND j.external_id = ?)`,
  )
  const writeOne = db.transaction((raw: RawPosting, boilerplate: ReadonlySet<string>) => {
    // The cluster key follows from enrichment (seniority, employment type); the reality signal then
    // needs the cluster's size, so a repost is enriched a second time with it.
    let record = enrichPosting(raw, { now, boilerplate })
    const others = clusterCount.get(record.clusterKey, raw.source, raw.externalId) as { n: number; open: number | null }
    if (others.n > 0) record = enrichPosting(raw, { now, clusterSize: others.n + 1, massPostingCount: (others.open ?? 0) + 1, boilerplate })
    return upsertJob(db, record, stamp)
  })
  const boilerplateOfCompany = companyBoilerplate(db)
  return db.transaction((batch: ImportInput[]) => {
    const changed: number[] = []
    const read = batch.map((input) => ({ input, postings: rawPostingsOf(input.value, now) }))
    // An employer's boilerplate is read from its postings in this batch and a few stored ones.
    const byCompany = new Map<string, RawPosting[]>()
    for (const { input, postings } of read) {
      for (const { raw } of postings) {
        if (!raw) continue
        // A source's own identity (board id) wins over the one derived from the record.
        if (input.identity) Object.assign(raw, input.identity)
        const list = byCompany.get(raw.company.slug)
        if (list) list.push(raw)
        else byCompany.set(raw.company.slug, [raw])
      }
    }
    const boilerplate = new Map<string, ReadonlySet<string>>()
    for (const { input, postings } of read) {
      for (const { raw, error } of postings) {
        summary.total += 1
        if (!raw) {
          summary.rejected.push({ at: input.at, reason: error ?? 'unreadable record' })
          continue
        }
        try {
          const safe = withSafeUrls(raw)
          summary.droppedUrls += safe.dropped
          const slug = raw.company.slug
          if (!boilerplate.has(slug)) boilerplate.set(slug, boilerplateOfCompany(slug, byCompany.get(slug) ?? []))
          // A nested transaction is a savepoint: a failing record rolls back alone.
          const { id, outcome } = writeOne(safe.raw, boilerplate.get(slug)!)
          changed.push(id)
          onWritten?.(input, { id, outcome })
          if (outcome === 'inserted') summary.inserted += 1
          else if (outcome === 'closed') summary.closed += 1
          else summary.updated += 1
        } catch (e) {
          // A full disk (or any failure that ended the batch's transaction) is not this record's fault:
          // going on would write the rest outside the transaction, one statement at a time.
          if (isDiskFull(e) || !db.inTransaction) throw e
          summary.rejected.push({ at: input.at, reason: e instanceof Error ? e.message : String(e) })
        }
      }
    }
    // Committed with the postings, so a kill before the refresh is repaired on the next start or import.
    markRefreshPending(db, changed)
    return changed
  })
}

/**
 * An import that met a full disk: the batch being written was rolled back whole, so `summary` counts
 * exactly the records committed before it. `cause` is the disk error (the error mapper answers 503).
 */
export class ImportStopped extends Error {
  override name = 'ImportStopped'
  constructor(readonly summary: ImportSummary, readonly reason: string, options: { cause: unknown }) {
    super(`import stopped after ${summary.total} records: ${reason}`, options)
  }
}

/**
 * Imports postings (our job shape or schema.org JobPosting), upserting by (source, external id), in
 * batches (batchWriter), refreshing derived data after each. Work a killed import left pending is
 * finished first. A full disk stops it on a batch boundary with ImportStopped.
 */
export function importRecords(db: DB, inputs: Iterable<ImportInput>, options: ImportOptions = {}): ImportSummary {
  resumePendingRefresh(db)
  const summary = newImportSummary()
  const writeBatch = batchWriter(db, options.now ?? new Date(), summary, options.onWritten)
  let batch: ImportInput[] = []
  const flush = () => {
    const before = { ...summary, rejected: summary.rejected.length }
    let changed: number[] | undefined
    try {
      changed = writeBatch(batch)
      // Committed with the batch as pending work: a refresh the disk refused is finished on the next start or import.
      refreshDerivedData(db, changed)
    } catch (error) {
      if (!isDiskFull(error)) throw error
      if (!changed) {
        Object.assign(summary, { ...before, rejected: summary.rejected.slice(0, before.rejected) })
      }
      throw new ImportStopped(summary, diskFullText(db.name), { cause: error })
    }
    batch = []
    options.onProgress?.(summary.total)
  }
  for (const input of inputs) {
    batch.push(input)
    if (batch.length >= (options.batchSize ?? DEFAULT_BATCH)) flush()
  }
  if (batch.length) flush()
  return summary
}

/**
 * Imports one file (JSON Lines, a JSON document, or an HTML page with JSON-LD). A file that cannot be
 * read (missing, a directory, no permission) is one rejection, so a caller importing several files
 * goes on with the next.
 */
export function importFile(db: DB, path: string, options: ImportOptions = {}): ImportSummary {
  try {
    if (!statSync(path).isFile()) return unreadable('not a file')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return unreadable(code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : 'cannot be read')
  }
  const format = importFormat(path)
  if (typeof format === 'object') return unreadable(format.unsupported)
  return importRecords(db, readImportFile(path, format), options)
}

function unreadable(reason: string): ImportSummary {
  return { ...newImportSummary(), rejected: [{ at: 'file', reason }] }
}
