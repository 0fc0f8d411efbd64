import type { DB } from '../db/connection.ts'
import { badRequest, conflict, notFound } from '../errors.ts'
import { adapters } from './adapters/index.ts'
import { checkBoardUrl, CrawlError } from './board-url.ts'

/**
 * The board_sources table: adding (with the vendor URL derived from `kind:token`), listing,
 * removing, and the crawl lease. A crawl claims its source by stamping crawl_started_at; a claim
 * older than the lease (the process died mid-crawl) may be taken again, so a restart never runs one
 * crawl twice nor loses one.
 */
export interface SourceRow {
  id: number
  name: string
  kind: string
  token: string
  url: string
  company: string
  status: 'new' | 'ok' | 'failing'
  consecutive_failures: number
  last_error: string | null
  successful_crawls: number
  last_crawl_at: string | null
  last_success_at: string | null
  next_crawl_at: string
  crawl_started_at: string | null
  created_at: string
}

const URL_KINDS = new Set(['careers', 'feed'])
const SLUG = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/

/** "acme-labs" -> "Acme Labs"; a URL token gives its host's first label ("jobs.acme.example" -> "Acme"). */
function companyFromToken(kind: string, token: string): string {
  const base = URL_KINDS.has(kind) ? new URL(token).hostname.replace(/^(www|jobs|careers)\./, '').split('.')[0]! : token
  return base.split(/[-_.]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ')
}

export interface NewSource {
  name: string
  company?: string
  url?: string
}

export function addSource(db: DB, input: NewSource, options: { allowPrivateHosts: boolean; now: string }): SourceRow {
  const colon = input.name.indexOf(':')
  const kind = colon > 0 ? input.name.slice(0, colon).toLowerCase() : ''
  const token = colon > 0 ? input.name.slice(colon + 1).trim() : ''
  const adapter = adapters[kind]
  if (!adapter) throw badRequest(`a source is KIND:TOKEN with KIND one of ${Object.keys(adapters).join(', ')}`)
  if (!token || token.length > 500) throw badRequest(`${kind} needs a ${adapter.tokenHelp}`)
  if (URL_KINDS.has(kind) ? !/^https?:\/\//i.test(token) : !SLUG.test(token)) throw badRequest(`${kind} needs a ${adapter.tokenHelp}`)
  const url = input.url ?? adapter.defaultUrl(token)
  try {
    checkBoardUrl(url, options.allowPrivateHosts)
    if (URL_KINDS.has(kind)) checkBoardUrl(token, options.allowPrivateHosts)
  } catch (error) {
    if (error instanceof CrawlError) throw badRequest(`board URL refused: ${error.message}`)
    throw error
  }
  const name = `${kind}:${token}`
  if (db.prepare('SELECT 1 FROM board_sources WHERE name = ?').get(name)) throw conflict(`source ${name} already exists`)
  db.prepare('INSERT OR IGNORE INTO sources (name, display_name) VALUES (?, ?)').run(kind, adapter.label)
  const company = input.company?.trim() || companyFromToken(kind, token)
  return db
    .prepare(
      `INSERT INTO board_sources (name, kind, token, url, company, next_crawl_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    )
    .get(name, kind, token, url, company, options.now, options.now, options.now) as SourceRow
}

export function listSources(db: DB, limit = -1, offset = 0): { items: SourceRow[]; total: number } {
  const items = db.prepare('SELECT * FROM board_sources ORDER BY name LIMIT ? OFFSET ?').all(limit, offset) as SourceRow[]
  const total = db.prepare('SELECT count(*) FROM board_sources').pluck().get() as number
  return { items, total }
}

/** By numeric id or by name (`greenhouse:acme`). */
export function findSource(db: DB, key: number | string): SourceRow {
  const row = (typeof key === 'number'
    ? db.prepare('SELECT * FROM board_sources WHERE id = ?').get(key)
    : db.prepare('SELECT * FROM board_sources WHERE name = ?').get(key)) as SourceRow | undefined
  if (!row) throw notFound(`no source ${key}`)
  return row
}

/** Takes the crawl lease of one source; false when another crawl holds a live lease. */
export function claimSource(db: DB, id: number, now: string, staleBefore: string): boolean {
  return db.prepare('UPDATE board_sources SET crawl_started_at = ? WHERE id = ? AND (crawl_started_at IS NULL OR crawl_started_at <= ?)').run(now, id, staleBefore).changes > 0
}

/** Claims the source most overdue for a crawl, if any. */
export function claimDueSource(db: DB, now: string, staleBefore: string): SourceRow | null {
  const row = db
    .prepare(
      `UPDATE board_sources SET crawl_started_at = @now WHERE id = (
         SELECT id FROM board_sources WHERE next_crawl_at <= @now AND (crawl_started_at IS NULL OR crawl_started_at <= @stale)
         ORDER BY next_crawl_at, id LIMIT 1)
       RETURNING *`,
    )
    .get({ now, stale: staleBefore }) as SourceRow | undefined
  return row ?? null
}

export function releaseSource(db: DB, id: number): void {
  db.prepare('UPDATE board_sources SET crawl_started_at = NULL WHERE id = ?').run(id)
}

/** Open postings a source keeps in the catalogue. */
export function openPostingCount(db: DB, id: number): number {
  return db
    .prepare('SELECT count(*) FROM board_postings b JOIN jobs j ON j.id = b.job_id WHERE b.board_source_id = ? AND j.closed_at IS NULL')
    .pluck()
    .get(id) as number
}
