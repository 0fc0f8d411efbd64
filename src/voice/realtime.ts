import type { DB } from '../db/connection.ts'
import type { Config } from '../config.ts'
import { badGateway, notImplemented } from '../errors.ts'
import { HOUR, spendCap } from '../plan/caps.ts'

/**
 * Voice mode of interview sessions: openroles mints a short-lived client secret at an
 * OpenAI-Realtime-style API (VOICE_REALTIME_URL + `/realtime/client_secrets`, bearer
 * VOICE_REALTIME_KEY) with the interview's instructions, and the browser talks to the API directly
 * with it (`calls_url`) — audio never passes through openroles. The key is sent only in the
 * Authorization header and is never logged or answered. Without a URL: 501.
 */
export interface VoiceToken {
  value: string
  model: string
  calls_url: string
  expires_at?: number
}

const mintFailed = () => badGateway('the voice token could not be minted; try again')

export function interviewInstructions(job: { title: string; company: string; description: string }): string {
  return [
    `You are an interviewer for the ${job.title} role at ${job.company}. Run a realistic spoken job interview with the candidate: one question at a time, follow up on vague answers, mix behavioural and role-specific questions, and keep your turns short.`,
    'At the end, when the candidate asks, give honest, specific feedback.',
    `The posting, for reference:\n${job.description.slice(0, 4000)}`,
  ].join('\n\n')
}

export async function mintVoiceToken(db: DB, config: Config, userId: number, instructions: string, now: Date): Promise<VoiceToken> {
  if (!config.voiceRealtimeUrl) throw notImplemented('voice mode is not configured')
  db.transaction(() => spendCap(db, userId, { kind: 'voice_token', limit: config.voiceTokensPerHour, windowSeconds: HOUR, what: 'voice tokens' }, now))()
  const base = config.voiceRealtimeUrl.replace(/\/+$/, '')
  const seconds = Math.min(7200, Math.max(10, config.voiceTokenSeconds))
  let body: Record<string, any>
  try {
    const response = await fetch(`${base}/realtime/client_secrets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.voiceRealtimeKey && { authorization: `Bearer ${config.voiceRealtimeKey}` }) },
      body: JSON.stringify({ expires_after: { anchor: 'created_at', seconds }, session: { type: 'realtime', model: config.voiceModel, instructions } }),
      signal: AbortSignal.timeout(Math.max(1, config.modelTimeoutMs)),
    })
    if (!response.ok) throw mintFailed()
    body = (await response.json()) as Record<string, any>
  } catch {
    throw mintFailed()
  }
  // The GA answer is `{ value, expires_at, session }`; the older beta one `{ client_secret: { value, expires_at }, model }`.
  const value = body.value ?? body.client_secret?.value
  if (typeof value !== 'string' || !value) throw mintFailed()
  const expires = body.expires_at ?? body.client_secret?.expires_at
  return { value, model: String(body.session?.model ?? body.model ?? config.voiceModel), calls_url: `${base}/realtime/calls`, ...(typeof expires === 'number' && { expires_at: expires }) }
}
