import { XMLParser } from 'fast-xml-parser'
import { CrawlError } from '../board-url.ts'
import type { Board, ListContext, Listing, Malformed } from './adapter.ts'

/**
 * Small readers shared by the adapters: boards are untrusted JSON/XML, so every field is checked
 * for its type before it is used, and a value our import shape would reject (a currency that is
 * not ISO 4217, an unknown pay period) is left out rather than failing the whole posting.
 */
export type Obj = Record<string, unknown>

export const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value)
export const asArray = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value])

export function str(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value !== 'string') return undefined
  const trimmed = value.trim()
  return trimmed ? trimmed : undefined
}

/** Text of an XML node that may carry attributes ({ '#text': … }). */
export const text = (value: unknown): string | undefined => str(isObject(value) ? value['#text'] : value)

export function dateOf(value: unknown): string | undefined {
  const raw = typeof value === 'number' ? value : str(value)
  if (raw === undefined) return undefined
  const time = typeof raw === 'number' ? raw : Date.parse(raw)
  return Number.isFinite(time) ? new Date(time).toISOString() : undefined
}

const num = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN
  return Number.isFinite(n) && n >= 0 ? n : undefined
}

/** Pay period of a board's interval wording ("per-year-salary", "1 YEAR", "monthly", "hour"). */
export function periodOf(value: unknown): string | undefined {
  const s = str(value)?.toLowerCase() ?? ''
  if (/year|annual|annum/.test(s)) return 'year'
  if (/month/.test(s)) return 'month'
  if (/day|daily/.test(s)) return 'day'
  if (/hour/.test(s)) return 'hour'
  return undefined
}

/** Salary fields of our import shape, only when the board states a usable amount, currency and period. */
export function salaryOf(min: unknown, max: unknown, currency: unknown, period: unknown): Obj {
  const low = num(min)
  const high = num(max)
  const code = str(currency)?.toUpperCase()
  const per = periodOf(period)
  if ((low === undefined && high === undefined) || !code || !/^[A-Z]{3}$/.test(code) || !per) return {}
  return { salary_min: low ?? high, salary_max: high ?? low, salary_currency: code, salary_period: per }
}

export function employmentTypeOf(value: unknown): string | undefined {
  const s = str(value)?.toLowerCase().replace(/[\s_-]+/g, '') ?? ''
  if (!s) return undefined
  if (/intern|trainee|student|werkstudent/.test(s)) return 'internship'
  if (/parttime/.test(s)) return 'part_time'
  if (/contract|freelance|temporary|temp/.test(s)) return 'contract'
  if (/fulltime|permanent/.test(s)) return 'full_time'
  return undefined
}

export function workModeOf(value: unknown): string | undefined {
  const s = str(value)?.toLowerCase().replace(/[\s_-]+/g, '') ?? ''
  if (s === 'remote') return 'remote'
  if (s === 'hybrid') return 'hybrid'
  if (s === 'onsite' || s === 'inoffice' || s === 'office') return 'onsite'
  return undefined
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** Greenhouse sends its HTML entity-encoded (&lt;p&gt;); this gives the HTML back (sanitized later). */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

export const joinLocation = (...parts: unknown[]): string | undefined => parts.map(str).filter(Boolean).join(', ') || undefined

/** Drops undefined fields, so a record's fingerprint only covers what the board stated. */
export function compact(record: Obj): Obj {
  for (const key of Object.keys(record)) if (record[key] === undefined || (Array.isArray(record[key]) && (record[key] as unknown[]).length === 0)) delete record[key]
  return record
}

/** The board's id of an entry, or a malformed report naming what is missing. */
export function missingFields(at: string, id: string | undefined, title: string | undefined): Malformed | null {
  if (!id) return { at, reason: 'entry has no id' }
  if (!title) return { at, reason: 'entry has no title', id }
  return null
}

export function parseJson(body: string, what: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    throw new CrawlError(`${what} is not JSON`)
  }
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ['item', 'entry', 'position', 'jobDescription', 'link'].includes(name),
})

/** XML without DTD entity declarations (no expansion bombs); a parse failure fails the crawl. */
export function parseXml(body: string, what: string): Obj {
  if (/<!ENTITY/i.test(body)) throw new CrawlError(`${what} declares XML entities, which are not read`)
  try {
    const parsed = xml.parse(body, true) as unknown
    if (isObject(parsed)) return parsed
  } catch {
    /* reported below */
  }
  throw new CrawlError(`${what} is not well-formed XML`)
}

export interface ReadEntry {
  id?: string
  /** Its `title` is the entry's title. */
  record: Obj
  complete?: () => Promise<Obj>
}

/** Entries of a board's list: each item read by `read`; items that are not objects or lack an id or title are malformed. */
export function collect(items: unknown[], label: string, read: (item: Obj) => ReadEntry | null): Listing {
  const listing: Listing = { entries: [], malformed: [] }
  items.forEach((item, i) => {
    const at = `${label} ${i + 1}`
    if (!isObject(item)) return void listing.malformed.push({ at, reason: 'entry is not an object' })
    const read1 = read(item)
    if (!read1) return
    const problem = missingFields(at, read1.id, str(read1.record.title))
    if (problem) return void listing.malformed.push(problem)
    listing.entries.push({ id: read1.id!, record: compact(read1.record), complete: read1.complete })
  })
  return listing
}

/**
 * Reads an offset-paged board: pages of `size` entries (`offset` names the board's offset
 * parameter, `limit` the size), each read by `read`, until it says the page was the last; a board
 * of more than `maxPages` pages is a CrawlError naming `label`.
 */
export async function readPages(
  board: Board,
  context: ListContext,
  paging: { offset: string; size: number; label: string },
  read: (url: URL, page: number) => Promise<{ listing: Listing; last: boolean }>,
): Promise<Listing> {
  const all: Listing = { entries: [], malformed: [] }
  for (let page = 0; page < context.maxPages; page++) {
    const url = new URL(board.url)
    url.searchParams.set(paging.offset, String(page * paging.size))
    url.searchParams.set('limit', String(paging.size))
    const { listing, last } = await read(url, page)
    all.entries.push(...listing.entries)
    all.malformed.push(...listing.malformed)
    if (last) return all
  }
  throw new CrawlError(`the ${paging.label} board has more than ${context.maxPages} pages`)
}
