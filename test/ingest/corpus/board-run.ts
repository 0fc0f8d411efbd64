/**
 * Serves each labelled board case to its adapter (a stand-in BoardHttp answering by path), then
 * takes every entry the way a crawl does: the import shape (or JSON-LD) read into a raw posting,
 * keyed by the board's id, then enriched. Used by bench/enrichment.ts and test/ingest/corpus.test.ts.
 */
import * as v from 'valibot'
import { adapters } from '../../../src/sources/adapters/index.ts'
import type { BoardHttp } from '../../../src/sources/board-http.ts'
import { JobLineSchema, rawFromJobLine } from '../../../src/ingest/import-job-shape.ts'
import { isJsonLd, jobPostingNodes, rawFromJobPosting } from '../../../src/ingest/json-ld.ts'
import type { RawPosting } from '../../../src/ingest/raw-posting.ts'
import type { BoardCase, BoardPostingLabels } from './board-apis.ts'

export interface BoardPosting {
  id: string
  board: string
  raw: RawPosting
  labels: BoardPostingLabels
}

const NOW = new Date('2026-11-10T00:00:00.000Z')

export async function boardPostings(cases: BoardCase[]): Promise<BoardPosting[]> {
  const out: BoardPosting[] = []
  for (const c of cases) {
    const http: BoardHttp = {
      userAgent: 'corpus',
      async get(url) {
        const path = new URL(url).pathname
        const body = c.responses[path]
        if (body === undefined) throw new Error(`no response for ${path}`)
        return typeof body === 'string' ? body : JSON.stringify(body)
      },
    }
    const listing = await adapters[c.kind]!.list({ kind: c.kind, token: c.token, url: c.url, company: c.company }, { http, maxPages: 5 })
    if (listing.malformed.length) throw new Error(`${c.kind}:${c.token} malformed: ${JSON.stringify(listing.malformed)}`)
    const identity = { source: c.kind, externalId: '' }
    for (const entry of listing.entries) {
      const record = entry.complete ? await entry.complete() : entry.record
      const labels = c.labels[entry.id]
      if (!labels) throw new Error(`${c.kind}:${c.token} has no labels for ${entry.id}`)
      const raw = isJsonLd(record)
        ? rawFromJobPosting(jobPostingNodes(record)[0]!.node!, () => identity, NOW)
        : rawFromJobLine(v.parse(JobLineSchema, record), () => identity, NOW)
      Object.assign(raw, { source: c.kind, externalId: entry.id })
      out.push({ id: `${c.kind}:${entry.id}`, board: `${c.kind}:${c.token}`, raw, labels })
    }
    const missing = Object.keys(c.labels).filter((id) => !listing.entries.some((e) => e.id === id))
    if (missing.length) throw new Error(`${c.kind}:${c.token} did not list ${missing.join(', ')}`)
  }
  return out
}
