import type { InteractionRecord } from '../tracker/tracking.ts'
import { API_BASE, whoAmI } from './api.ts'

/**
 * The signed-in slice of the API the page uses (the tracker): never cached, sent with the
 * session cookie (same origin), and null-safe for a visitor who is not signed in.
 */
import { STAGES, type Stage } from '../tracker/stages.ts'

export { STAGES, type Stage }

export const STAGE_LABELS: Record<Stage, string> = {
  preparing: 'Preparing', applied: 'Applied', screening: 'Screening', responded: 'Responded', interview: 'Interview',
  offer: 'Offer', accepted: 'Accepted', rejected: 'Rejected', withdrawn: 'Withdrawn', expired: 'Expired',
}

/** The interaction record every tracker write answers: the tracker's own type. */
export type { InteractionRecord }

export interface TrackingEntry extends Omit<InteractionRecord, 'job_id'> {
  id: string
  company_slug: string
  role_title: string
  job: { public_slug: string; title: string; company: string; closed_at: string | null } | null
  days_silent: number | null
  /** Inbox messages linked to this posting. */
  email_count?: number
  silence_state?: 'active' | 'silent' | 'unconfirmed'
}

export class ApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message)
  }
}

/** Calls a signed-in operation; rejects with ApiError carrying the status and the API's message. */
export async function callApi<T>(method: string, path: string, body?: unknown): Promise<{ data: T; meta?: Record<string, unknown> }> {
  const answer = await fetch(API_BASE + path, {
    method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  const json = await answer.json().catch(() => null)
  if (!answer.ok) throw new ApiError(answer.status, json?.error ?? `request failed (${answer.status})`)
  return json
}

/** Whether the visitor has a session (asked once per page load). */
export function isSignedIn(): Promise<boolean> {
  return whoAmI().then((me) => me !== null)
}
