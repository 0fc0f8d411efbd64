/** The slice of the public API the page reads (docs/api.md), typed for the views; the Job type is the encoder's own. */
import type { Job } from '../catalogue/job-output.ts'
import { h, replaceChildren } from './dom.ts'

export type { Ghost, Job, Reality } from '../catalogue/job-output.ts'

export interface IgnoredParam {
  param: string
  did_you_mean?: string
}

export interface Meta {
  total?: number
  limit?: number
  offset?: number
  ignored_params?: IgnoredParam[]
}

export interface Envelope<T> {
  data: T
  meta?: Meta
}

export interface Range {
  min: number | null
  max: number | null
}

export interface Facets {
  total: number
  facets: Record<string, Record<string, number>>
  stats?: Record<string, Range>
}

export interface SuggestPart {
  kind: string
  slug?: string
  text: string
}

export interface Suggestion {
  text: string
  parts: SuggestPart[]
  jobs: number
}

export interface CityMatch {
  value: string
  country: string
}

export interface Company {
  slug: string
  name: string
  feedback_count?: number
  feedback_rating_avg?: number | null
  job_count?: number
  tagline?: string | null
  industries?: string[]
  hq_country?: string | null
  company_info?: { homepage?: string | null; description?: string | null }
}

export interface CompanyDetail {
  company: Company
  jobs: Job[]
  referral_available?: boolean
}

export const API_BASE = '/api/v1'

// Back and forward re-read what was just shown: a small, short-lived cache makes them instant and shift-free.
const cache = new Map<string, { at: number; response: Promise<Envelope<unknown>> }>()
const CACHE_ENTRIES = 60
const CACHE_MS = 60_000

/** GETs an API path; rejects with the API's `{ error }` message on a failure status. */
export function getJson<T>(path: string): Promise<Envelope<T>> {
  const url = API_BASE + path
  const cached = cache.get(url)
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.response as Promise<Envelope<T>>
  const response = fetch(url, { headers: { accept: 'application/json' } }).then(async (answer) => {
    const body = await answer.json().catch(() => null)
    if (!answer.ok) throw new Error(body?.error ?? `request failed (${answer.status})`)
    return body as Envelope<unknown>
  })
  response.catch(() => cache.delete(url))
  cache.delete(url)
  cache.set(url, { at: Date.now(), response })
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string)
  return response as Promise<Envelope<T>>
}

/** The signed-in account, or null (the page never reads the cookie: it asks). */
export interface Me {
  id: number
  email: string
  role: 'user' | 'moderator'
}

export interface Session {
  me: Me | null
  /** Where sign-up codes go: mailed, or kept for whoever runs the server (`openroles mail outbox`). */
  mail: 'smtp' | 'outbox'
}

let session: Promise<Session> | undefined

/** Asked once per page load through /auth/session, which answers 200 either way: no failed request in the console. */
export function currentSession(): Promise<Session> {
  session ??= fetch(`${API_BASE}/auth/session`, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
    .then(async (answer) => {
      const data = answer.ok ? (await answer.json()).data : null
      return { me: data?.signed_in ? (data.user as Me) : null, mail: data?.mail === 'smtp' ? 'smtp' : 'outbox' } as Session
    })
    .catch(() => ({ me: null, mail: 'outbox' as const }))
  return session
}

export function whoAmI(): Promise<Me | null> {
  return currentSession().then((s) => s.me)
}

/** Sends a write (JSON body or none); rejects with the API's `{ error }` message. Cached reads are dropped. */
export function sendJson<T>(method: string, path: string, body?: unknown): Promise<T | null> {
  const headers = { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) }
  return send<T>(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
}

/** POSTs a form as multipart/form-data (files stream from the browser); as sendJson otherwise. */
export function sendForm<T>(path: string, form: FormData): Promise<T | null> {
  return send<T>(path, { method: 'POST', headers: { accept: 'application/json' }, body: form })
}

/** After a write outside sendJson (an upload with progress): cached reads may be stale. */
export function forgetReads(): void {
  cache.clear()
}

async function send<T>(path: string, init: RequestInit): Promise<T | null> {
  const answer = await fetch(API_BASE + path, { ...init, credentials: 'same-origin' })
  cache.clear()
  // Signing in or out changes who the page is for.
  if (path.startsWith('/auth/')) session = undefined
  const parsed = answer.status === 204 ? null : await answer.json().catch(() => null)
  if (!answer.ok) throw new Error(parsed?.error ?? `request failed (${answer.status})`)
  return (parsed?.data ?? null) as T | null
}

/**
 * Loads GET `path` into `list`: one item per row (`item` gets the loader back, to reload after an
 * action), or an `empty` line; then the list is no longer busy. Answers the loader.
 */
export function listLoader<T>(list: HTMLElement, path: string, item: (row: T, reload: () => Promise<void>) => Node, empty: string): () => Promise<void> {
  const load = () =>
    getJson<T[]>(path).then(({ data }) => {
      replaceChildren(list, data.length ? data.map((row) => item(row, load)) : h('li', { class: 'empty' }, empty))
      list.removeAttribute('aria-busy')
    })
  return load
}
