import type { JobRecord } from '../catalogue/job-record.ts'
import { enrichPosting } from './enrich.ts'
import { generateRawPostings } from './seed-postings.ts'

/** The start of the current UTC day: one seed gives one catalogue per day. */
export function seedDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
}

/**
 * The seeded catalogue as enriched records: generated raw postings through the same enrichment as
 * imports. Deterministic for (count, seed, now). The benchmark builds large catalogues from it.
 */
export function* generateJobRecords(count: number, seed: number, now: Date = seedDay()): Generator<JobRecord> {
  for (const { raw, context } of generateRawPostings(count, seed, now)) {
    yield enrichPosting(raw, { ...context, now })
  }
}

export function* batchesOf<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = []
  for (const item of items) {
    batch.push(item)
    if (batch.length >= size) {
      yield batch
      batch = []
    }
  }
  if (batch.length) yield batch
}
