import { createHash, randomBytes } from 'node:crypto'
import type { DB } from '../db/connection.ts'
import type { CvDocument } from './document.ts'
import type { CvRow } from './store.ts'
import { conflict } from '../errors.ts'

/**
 * Tracer links: each link of a CV's header and projects gets a token; the PDF links to
 * `<origin>/cv/<token>` and the public redirect counts the click and sends on to the stored
 * destination (never anywhere else). Counting as a link tracker would: the owner's own clicks are
 * not counted, bots, unfurlers, scanners, HEAD and prefetches go to bot_clicks, and distinct
 * visitors come from a salted hash of address and user agent per day (the address is never stored).
 */
const TOKEN_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'
const OWNER_ADDRESS_HOURS = 24
/** Link unfurlers, mail image proxies, search and security scanners, and plain HTTP clients. */
const BOTS = /bot|crawl|spider|slurp|preview|unfurl|facebookexternalhit|linkedin|slack|teams|skype|whatsapp|telegram|discord|googleimageproxy|google-|feedfetcher|bingpreview|microsoft office|outlook|safelinks|barracuda|proofpoint|mimecast|zscaler|symantec|forcepoint|headless|curl|wget|python|go-http|java\/|okhttp|libwww|httpclient|scanner/i

export interface TracerLink {
  token: string
  source_path: string
  destination_url: string
  clicks: number
  bot_clicks: number
  last_click_at: string | null
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex')

/** The links a CV carries, by where they sit. */
function linksOf(document: CvDocument): { path: string; url: string }[] {
  const header = (document.header?.links ?? []).map((link, i) => ({ path: `header.links[${i}]`, url: typeof link === 'string' ? link : link.url }))
  const projects = (document.projects ?? []).flatMap((p, i) => (p.link ? [{ path: `projects[${i}].link`, url: p.link }] : []))
  return [...header, ...projects].filter((l) => /^https?:\/\//i.test(l.url))
}

function newToken(prefix: string): string {
  const bytes = randomBytes(5)
  return `${prefix}-${Array.from(bytes, (b) => TOKEN_ALPHABET[b % TOKEN_ALPHABET.length]).join('')}`
}

/** Makes sure every current link has its token (old tokens keep working and counting). */
export function syncTracerLinks(db: DB, row: CvRow, now: string): TracerLink[] {
  const company = row.job_id === null ? undefined : (db.prepare('SELECT c.slug FROM jobs j JOIN companies c ON c.id = j.company_id WHERE j.id = ?').get(row.job_id) as { slug: string } | undefined)
  const prefix = (company?.slug ?? 'cv').slice(0, 40)
  const find = db.prepare('SELECT token, source_path, destination_url, clicks, bot_clicks, last_click_at FROM cv_tracer_links WHERE cv_id = ? AND source_path = ? AND destination_url = ?')
  const insert = db.prepare('INSERT INTO cv_tracer_links (token, cv_id, source_path, destination_url, created_at) VALUES (?, ?, ?, ?, ?)')
  return db.transaction(() =>
    linksOf(JSON.parse(row.document) as CvDocument).map(({ path, url }) => {
      const existing = find.get(row.id, path, url) as TracerLink | undefined
      if (existing) return existing
      const token = newToken(prefix)
      insert.run(token, row.id, path, url, now)
      return { token, source_path: path, destination_url: url, clicks: 0, bot_clicks: 0, last_click_at: null }
    }),
  )()
}

export function setTracing(db: DB, row: CvRow, enabled: boolean, salt: string): boolean {
  if (enabled && !salt) throw conflict('link tracing is not configured on this deployment')
  db.prepare('UPDATE cvs SET tracer_links_enabled = ? WHERE id = ?').run(enabled ? 1 : 0, row.id)
  return enabled
}

export function tracerReport(db: DB, row: CvRow, origin: string, salt: string, now: string) {
  const distinct = db.prepare('SELECT COUNT(*) AS n FROM cv_link_visitors WHERE token = ?')
  return syncTracerLinks(db, row, now).map((link) => ({
    source_path: link.source_path,
    destination_url: link.destination_url,
    traced_url: `${origin}/cv/${link.token}`,
    clicks: link.clicks,
    bot_clicks: link.bot_clicks,
    ...(salt ? { distinct_visitors: (distinct.get(link.token) as { n: number }).n } : {}),
    ...(link.last_click_at ? { last_click_at: link.last_click_at } : {}),
  }))
}

/** Destination -> traced URL, for the PDF; empty when tracing is off. */
export function tracedTargets(db: DB, row: CvRow, origin: string, now: string): Record<string, string> {
  if (row.tracer_links_enabled !== 1) return {}
  return Object.fromEntries(syncTracerLinks(db, row, now).map((link) => [link.destination_url, `${origin}/cv/${link.token}`]))
}

/** Remembers an address the owner uses (salted hash), so clicks from it are the owner's. */
export function noteOwnerAddress(db: DB, userId: number, address: string, salt: string, now: string): void {
  if (!salt) return
  db.prepare('INSERT INTO cv_owner_addresses (user_id, address_hash, seen_at) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET seen_at = excluded.seen_at').run(userId, sha(`${salt}\u0000owner\u0000${address}`), now)
}

export interface Visit {
  method: string
  address: string
  userAgent: string
  prefetch: boolean
  signedInUserId: number | null
}

/** Counts one visit of a token and answers where to send it; undefined for an unknown token. */
export function followTracerLink(db: DB, token: string, visit: Visit, salt: string, now: Date): string | undefined {
  const link = db.prepare('SELECT l.token, l.destination_url, c.user_id FROM cv_tracer_links l JOIN cvs c ON c.id = l.cv_id WHERE l.token = ?').get(token) as { token: string; destination_url: string; user_id: number } | undefined
  if (!link) return undefined
  const at = now.toISOString()
  const since = new Date(now.getTime() - OWNER_ADDRESS_HOURS * 3_600_000).toISOString()
  const ownerAddress = salt && db.prepare('SELECT 1 FROM cv_owner_addresses WHERE user_id = ? AND address_hash = ? AND seen_at >= ?').get(link.user_id, sha(`${salt}\u0000owner\u0000${visit.address}`), since)
  if (visit.signedInUserId === link.user_id || ownerAddress) return link.destination_url
  if (visit.method === 'HEAD' || visit.prefetch || !visit.userAgent || BOTS.test(visit.userAgent)) {
    db.prepare('UPDATE cv_tracer_links SET bot_clicks = bot_clicks + 1 WHERE token = ?').run(token)
    return link.destination_url
  }
  db.transaction(() => {
    db.prepare('UPDATE cv_tracer_links SET clicks = clicks + 1, last_click_at = ? WHERE token = ?').run(at, token)
    const day = at.slice(0, 10)
    if (salt) db.prepare('INSERT OR IGNORE INTO cv_link_visitors (token, day, visitor_hash) VALUES (?, ?, ?)').run(token, day, sha(`${salt}\u0000${day}\u0000${visit.address}\u0000${visit.userAgent}`))
  })()
  return link.destination_url
}
