import * as v from 'valibot'
import type { H3Event } from 'h3'
import { badRequest, payloadTooLarge, unprocessable } from '../errors.ts'
import { readBodyText } from './body-read.ts'
import { isDay } from '../insights/days.ts'

const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i

/**
 * Whether the text is an RFC 3339 instant on a real calendar day: Date.parse alone takes 2026-02-30
 * as March 2nd, so a malformed date would be stored as another day instead of refused.
 */
export function isInstant(text: string): boolean {
  const match = INSTANT.exec(text)
  return !!match && isDay(match[1]!) && !Number.isNaN(Date.parse(text))
}

/** A string field or parameter holding an RFC 3339 instant; `message` names it. */
export const instantField = (message: string) => v.pipe(v.string(message), v.check(isInstant, message))

/**
 * Runs a valibot schema over request input and turns failures into a 400 that names the field and
 * what was expected, never the value received (a password must not come back in an error body).
 */
export function validateInput<S extends v.GenericSchema>(schema: S, input: unknown, where: 'query' | 'body' | 'path', status: 400 | 422 = 400): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortEarly: true })
  if (result.success) return result.output
  const message = describeIssue(result.issues[0], where)
  throw status === 422 ? unprocessable(message) : badRequest(message)
}

function describeIssue(issue: v.BaseIssue<unknown>, where: string): string {
  const path = issue.path?.map((item) => String(item.key)).join('.')
  const subject = path ? `${where} parameter "${path}"` : where
  // Messages written in our schemas say what they quote; valibot's defaults echo the input
  // ("... but received ..."), so for those only `expected` is shown.
  const ownMessage = issue.message && !/received/i.test(issue.message)
  if (ownMessage) return `invalid ${subject}: ${issue.message}`
  return issue.expected ? `invalid ${subject}: expected ${issue.expected}` : `invalid ${subject}`
}

/**
 * Query string as an object: a key given once is a string, a repeated key an array. Without a
 * prototype, so `?__proto__=x` is a key like any other instead of replacing the object's prototype.
 */
export function queryObject(event: H3Event): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null)
  for (const [key, value] of event.url.searchParams) {
    const prev = out[key]
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value]
  }
  return out
}

/** Reads a JSON body with a size cap: 413 when too large, 400 when not JSON. An empty body reads as {}. */
export async function readJsonBody(event: H3Event, limits: { maxBodyBytes: number; bodyTimeoutMs: number }): Promise<unknown> {
  const declared = Number(event.req.headers.get('content-length') ?? '0')
  if (declared > limits.maxBodyBytes) throw payloadTooLarge()
  const text = await readBodyText(event, limits.bodyTimeoutMs)
  if (Buffer.byteLength(text) > limits.maxBodyBytes) throw payloadTooLarge()
  if (!text.trim()) return {}
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest('request body is not valid JSON')
  }
}

/** Query-string integer: digits only (no floats, NaN or signs), within [min, max]. */
export function intParam(options: { min?: number; max?: number; description?: string } = {}) {
  const { min = 0, max = Number.MAX_SAFE_INTEGER, description = '' } = options
  return v.pipe(
    v.string(),
    v.regex(/^\d{1,15}$/, `must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}`),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
    v.description(description),
  )
}

/** A required text field: trimmed, not empty, at most `max` characters. */
export function trimmedText(max: number, description: string) {
  return v.pipe(v.string('must be a string'), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(max, `must be at most ${max} characters`), v.description(description))
}

/** A query-string text given at most once and at most `max` characters long, '' when absent. */
export function queryText(max: number, description: string) {
  return v.optional(v.pipe(v.string('must be given once'), v.maxLength(max, `must be at most ${max} characters`), v.description(description)), '')
}

/** Query-string boolean: true/false/1/0. */
export const boolParam = v.pipe(
  v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
  v.transform((s) => s === 'true' || s === '1'),
)

/** Deepest page of the job endpoints (docs/api.md "Paging"): offset + limit beyond it is a 400. */
export const MAX_JOB_PAGE_DEPTH = 10000

/** Page size of every paged list when `limit` is absent or not a number (the reference service answers 20). */
export const DEFAULT_PAGE_SIZE = 20
/** Largest page of the ordinary lists; larger values are clamped. */
export const MAX_PAGE_SIZE = 100

/**
 * A forgiving whole-number query value, as the reference service's handlers read paging values:
 * anything that is not a signed whole number reads as absent (the default applies), never a 400.
 * The OpenAPI document describes it as an integer.
 */
export function lenientInt(description: string) {
  return v.pipe(
    v.string('must be text'),
    v.transform((raw): number | undefined => (/^[+-]?\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : undefined)),
    v.metadata({ jsonSchema: { type: 'integer' } }),
    v.description(description),
  )
}

/** The `limit` and `offset` entries of a paged list's query schema; pageOf resolves them. */
export function pagingEntries(options: { defaultLimit?: number; maxLimit?: number; maxDepth?: number } = {}) {
  const { defaultLimit = DEFAULT_PAGE_SIZE, maxLimit = MAX_PAGE_SIZE, maxDepth } = options
  return {
    limit: v.optional(lenientInt(`page size, 1 to ${maxLimit} (default ${defaultLimit}); larger values are clamped, smaller ones read as 1, a value that is not a number as the default`)),
    offset: v.optional(lenientInt(`rows to skip (default 0; a negative value or one that is not a number reads as 0)${maxDepth ? `; offset + limit must be at most ${maxDepth}` : ''}`)),
  }
}

type PageOptions = { defaultLimit?: number; maxLimit?: number; maxDepth?: number }

/**
 * `limit` and `offset` of a paged list, forgiving as decisions.md asks: no limit (or one that is
 * not a number) is the default, below 1 clamps to 1, above `maxLimit` clamps to it; a negative
 * offset is 0. With `maxDepth`, offset + limit beyond it is the one paging error, a 400.
 */
export function pageOf(query: { limit?: number; offset?: number }, options: PageOptions = {}): { limit: number; offset: number } {
  const { defaultLimit = DEFAULT_PAGE_SIZE, maxLimit = MAX_PAGE_SIZE, maxDepth } = options
  const limit = Math.max(1, Math.min(query.limit ?? defaultLimit, maxLimit))
  const offset = Math.max(0, query.offset ?? 0)
  if (maxDepth !== undefined && offset + limit > maxDepth) {
    throw badRequest('pagination too deep')
  }
  return { limit, offset }
}

/**
 * The answer of a paged list, `{ data, meta: { total, limit, offset, ...more } }`: `load` reads the
 * page `pageOf` resolves, `meta` adds what else the list reports about it.
 */
export function pagedList<P extends { items: unknown[]; total: number }>(
  query: { limit?: number; offset?: number },
  load: (limit: number, offset: number) => P,
  options: PageOptions & { meta?: (page: P) => Record<string, unknown> } = {},
): { data: P['items']; meta: { total: number; limit: number; offset: number } & Record<string, unknown> } {
  const { limit, offset } = pageOf(query, options)
  const page = load(limit, offset)
  return { data: page.items, meta: { total: page.total, limit, offset, ...options.meta?.(page) } }
}
