import * as v from 'valibot'
import type { H3Event } from 'h3'
import { badRequest, payloadTooLarge } from '../errors.ts'

/**
 * Runs a valibot schema over request input and turns failures into a 400 that names the field and
 * what was expected, never the value received (a password must not come back in an error body).
 */
export function validateInput<S extends v.GenericSchema>(schema: S, input: unknown, where: 'query' | 'body' | 'path'): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortEarly: true })
  if (result.success) return result.output
  throw badRequest(describeIssue(result.issues[0], where))
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

/** Query string as an object: a key given once is a string, a repeated key an array. */
export function queryObject(event: H3Event): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [key, value] of event.url.searchParams) {
    const prev = out[key]
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value]
  }
  return out
}

/** Reads a JSON body with a size cap: 413 when too large, 400 when not JSON. An empty body reads as {}. */
export async function readJsonBody(event: H3Event, maxBytes: number): Promise<unknown> {
  const declared = Number(event.req.headers.get('content-length') ?? '0')
  if (declared > maxBytes) throw payloadTooLarge()
  const text = await event.req.text()
  if (Buffer.byteLength(text) > maxBytes) throw payloadTooLarge()
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

/** Query-string boolean: true/false/1/0. */
export const boolParam = v.pipe(
  v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
  v.transform((s) => s === 'true' || s === '1'),
)

/** Deepest page of the job endpoints (docs/api.md "Paging"): offset + limit beyond it is a 400. */
export const MAX_JOB_PAGE_DEPTH = 10000

/**
 * `limit` (default `defaultLimit`, clamped to `maxLimit`: the spec clamps rather than refuses) and
 * `offset` (default 0) of a paged list; with `maxDepth`, offset + limit beyond it is a 400.
 */
export function pageOf(
  query: { limit?: number; offset?: number },
  options: { defaultLimit: number; maxLimit: number; maxDepth?: number },
): { limit: number; offset: number } {
  const limit = Math.min(query.limit ?? options.defaultLimit, options.maxLimit)
  const offset = query.offset ?? 0
  if (options.maxDepth !== undefined && offset + limit > options.maxDepth) {
    throw badRequest(`pagination too deep: offset + limit must be at most ${options.maxDepth}`)
  }
  return { limit, offset }
}
