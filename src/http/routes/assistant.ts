import * as v from 'valibot'
import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { created, operations, type Route } from '../route.ts'
import { sseResponse } from '../sse.ts'
import { jobHeading } from '../../catalogue/job-lookup.ts'
import { badRequest, conflict } from '../../errors.ts'
import { interviewInstructions, mintVoiceToken } from '../../voice/realtime.ts'
import { allowanceOf, consume } from '../../plan/ledger.ts'
import { appendMessage, createSession, deleteSession, listSessions, messagesOf, sessionOf, CREATABLE_PRESETS, type Session } from '../../assistant/sessions.ts'
import { builtinDriver, runTurn, type Driver, type TurnInput } from '../../assistant/turns.ts'
import { modelDriver } from '../../assistant/model-driver.ts'
import { openingBrief } from '../../assistant/opening.ts'
import { autopilotDriver, MAX_ROUNDS, prepareAutopilot } from '../../assistant/autopilot.ts'
import { dataOf, object, ref } from '../openapi-shapes.ts'
import { ALLOWANCE } from '../tracker-shapes.ts'

/**
 * The in-app assistant (docs/assistant.md): sessions, and turns streamed as server-sent events.
 * Every refusal (404, 400, 409, 402) is answered before a stream opens; a turn's stream ends with
 * exactly one `result`.
 */
const IdParams = v.object({ id: v.pipe(v.string(), v.maxLength(100), v.description('Session id (UUID); a malformed one is 404.')) })
const CreateQuery = v.object({
  preset: v.optional(v.pipe(v.string(), v.maxLength(40), v.description(`One of ${CREATABLE_PRESETS.join(', ')} (default chat).`))),
  job: v.optional(v.pipe(v.string(), v.maxLength(300), v.description('Slug of a tracked application; required for interview and debrief.'))),
})
const MessageBody = v.object({ text: v.pipe(v.string('text must be a string'), v.description('The message; trimmed, 1..ASSISTANT_MAX_MESSAGE_RUNES characters.')) })
const VoiceTurnBody = v.object({
  role: v.picklist(['user', 'assistant'], 'role must be user or assistant'),
  content: v.pipe(v.string('content must be a string'), v.description('Transcript text, 1..ASSISTANT_MAX_MESSAGE_RUNES characters.')),
})

const TURN_EVENTS = 'SSE: frames `event: <type>` + `data: { type, text?, name?, input?, result?, is_error?, input_tokens?, output_tokens?, stop_reason? }`; types `queued`, `user_prompt`, `assistant_text`, `assistant_thought`, `tool_use`, `tool_result`, `usage`, and exactly one terminal `result` with `stop_reason` end_turn, max_steps, cancelled or error. `: keepalive` comments while it works. The turn runs to its end if the client disconnects.'

const TURN_STREAM = { description: 'server-sent events `queued`, `user_prompt`, `assistant_text`, `assistant_thought`, `tool_use`, `tool_result`, `usage`, then exactly one `result` (see above)', media: 'text/event-stream' }

const op = operations({ tags: ['assistant'], auth: 'session-or-key' })

export function assistantRoutes(ctx: AppContext): Route[] {
  const deps = { db: ctx.db, config: ctx.config, now: ctx.now, search: ctx.search }
  const driver = ctx.config.modelBaseUrl ? modelDriver : builtinDriver
  const runes = (text: string) => [...text].length

  /**
   * Takes the session's turn slot (a third turn is 409) before `prepare` charges anything, gives it
   * back when `prepare` refuses, and opens the stream the turn runs in.
   */
  function stream(session: Session, prepare: () => { driver: Driver; input: TurnInput; persistUser: boolean }): Response {
    const slot = ctx.turns.take(session.id)
    let turn: ReturnType<typeof prepare>
    try {
      turn = prepare()
    } catch (error) {
      slot.release()
      throw error
    }
    const run = runTurn(slot, deps, turn.driver, turn.input, { persistUser: turn.persistUser, queueWaitMs: ctx.config.assistantQueueWaitSeconds * 1000 })
    return sseResponse(ctx, async (send) => run((event) => send(event.type, event)))
  }

  /** A chat-like turn: chat and profile draw the `assistant` allowance. */
  function turn(session: Session, userId: number, text: string, persistUser: boolean): Response {
    return stream(session, () => {
      if (session.preset === 'chat' || session.preset === 'profile') consume(ctx.db, ctx.config, { userId, feature: 'assistant', now: ctx.now() })
      return { driver, input: { session, userId, text }, persistUser }
    })
  }

  return [
    op.post('/assistant/sessions', 'Start an assistant session', {
      description: '201 `{ id, preset, label, job_id? }`. Interview and debrief sessions are bound to a tracked application (`job`) and labelled “Interview: <title> · <company>” / “Debrief: …”. `tailor` sessions start only from CV tailoring.',
      responses: { 201: { description: '`{ data: session }`', schema: dataOf(ref('AssistantSession')) }, 400: 'preset not creatable, or job missing', 404: 'application not found' },
      query: CreateQuery,
    }, (event, { caller, query }) => {
      const session = createSession(ctx.db, caller.userId, query, ctx.now())
      return created(event, session)
    }),
    op.get('/assistant/sessions', 'The caller’s assistant sessions', {
      description: 'Newest activity first; tailoring sessions are left out. `meta: { total }`.',
      responses: { 200: { description: '`{ data: [session], meta: { total } }`', schema: object({ data: { type: 'array', items: ref('AssistantSession') }, meta: object({ total: { type: 'integer', minimum: 0 } }) }) } },
    }, (_event, { caller }) => {
      const sessions = listSessions(ctx.db, caller.userId)
      return { data: sessions, meta: { total: sessions.length } }
    }),
    op.get('/assistant/sessions/:id', 'One session with its messages', {
      description: '`{ session, messages: [{ seq, role, content }] }`: user `{ text }`, assistant `{ text?, tool_calls?: [{ id, name, arguments }] }`, tool `{ tool_call_id, name, result }`.',
      responses: { 200: { description: '`{ data: { session, messages } }`', schema: dataOf(object({ session: ref('AssistantSession'), messages: { type: 'array', items: ref('AssistantMessage') } })) }, 404: 'not found (also another user’s session or a malformed id)' },
      params: IdParams,
    }, (_event, { caller, params }) => {
      const session = sessionOf(ctx.db, caller.userId, params.id)
      return { data: { session, messages: messagesOf(ctx.db, session.id) } }
    }),
    op.delete('/assistant/sessions/:id', 'Delete a session', {
      description: 'Stops its turns and deletes it with its messages. 204.',
      responses: { 204: 'deleted', 404: 'not found' },
      params: IdParams,
    }, (_event, { caller, params }) => {
      deleteSession(ctx.db, caller.userId, params.id)
      ctx.turns.cancel(params.id.toLowerCase())
    }),
    op.post('/assistant/sessions/:id/messages', 'Send a message (streamed turn)', {
      description: `${TURN_EVENTS} One turn runs per session and one may wait behind it (\`queued\`, at most ASSISTANT_QUEUE_WAIT_SECONDS); a third is 409. Chat and profile turns draw the \`assistant\` allowance (402 before the stream).`,
      responses: { 200: TURN_STREAM, 400: 'empty or too long', 402: 'assistant allowance used up (enforced)', 404: 'not found', 409: 'this session already has a message waiting' },
      params: IdParams,
      body: MessageBody,
    }, (_event, { caller, params, body }) => {
      const session = sessionOf(ctx.db, caller.userId, params.id)
      const text = body.text.trim()
      if (!text) throw badRequest('text must not be empty')
      if (runes(text) > ctx.config.assistantMaxMessageRunes) throw badRequest(`text must be at most ${ctx.config.assistantMaxMessageRunes} characters`)
      return turn(session, caller.userId, text, true)
    }),
    op.post('/assistant/sessions/:id/cancel', 'Stop the running turn', {
      description: 'The running and the queued turn end with `stop_reason: cancelled`. A no-op when nothing runs. 204.',
      responses: { 204: 'cancelled', 404: 'not found' },
      params: IdParams,
    }, (_event, { caller, params }) => {
      ctx.turns.cancel(sessionOf(ctx.db, caller.userId, params.id).id)
    }),
    op.post('/assistant/sessions/:id/opening', 'Let an interview or debrief session open itself', {
      description: `A server-side brief becomes the first user turn. ${TURN_EVENTS}`,
      responses: { 200: TURN_STREAM, 404: 'not found', 409: 'this conversation does not open by itself, or it already started' },
      params: IdParams,
    }, (_event, { caller, params }) => {
      const session = sessionOf(ctx.db, caller.userId, params.id)
      if ((session.preset !== 'interview' && session.preset !== 'debrief') || !session.job_id) throw conflict('this conversation does not open by itself')
      if (messagesOf(ctx.db, session.id).some((message) => message.role === 'assistant')) throw conflict('this conversation has already started')
      return turn(session, caller.userId, openingBrief(ctx.db, session), true)
    }),
    op.post('/assistant/sessions/:id/retry', 'Run the last message again', {
      description: `Re-runs the turn over the existing history without a new user message. ${TURN_EVENTS}`,
      responses: { 200: TURN_STREAM, 404: 'not found', 409: 'nothing to retry — send a message first' },
      params: IdParams,
    }, (_event, { caller, params }) => {
      const session = sessionOf(ctx.db, caller.userId, params.id)
      const last = messagesOf(ctx.db, session.id).filter((message) => message.role === 'user').at(-1)
      if (!last) throw conflict('nothing to retry — send a message first')
      return turn(session, caller.userId, String(last.content.text ?? ''), false)
    }),
    op.post('/assistant/sessions/:id/extend', 'Buy another turn ceiling for a CV editing session', {
      description: 'Only tailoring sessions (started by CV tailoring) can be extended; every other session is 409. Tailoring sessions have no turn ceiling here (the `tailor` allowance is drawn once per tailored job), so this charges nothing and answers `{ turns, ceiling: 0, unlimited: true, allowance }` with `turns` the messages you sent; a double click answers the same.',
      responses: { 200: { description: '`{ data: { turns, ceiling, unlimited, allowance } }`', schema: dataOf(object({ turns: { type: 'integer', minimum: 0 }, ceiling: { type: 'integer', const: 0 }, unlimited: { type: 'boolean', const: true }, allowance: ALLOWANCE })) }, 404: 'not found', 409: 'only a CV editing session can be extended' },
      params: IdParams,
    }, (_event, { caller, params }) => {
      const session = sessionOf(ctx.db, caller.userId, params.id)
      if (session.preset !== 'tailor') throw conflict('only a CV editing session can be extended')
      const turns = messagesOf(ctx.db, session.id).filter((message) => message.role === 'user').length
      return { data: { turns, ceiling: 0, unlimited: true, allowance: allowanceOf(ctx.db, ctx.config, caller.userId, 'tailor', ctx.now()) } }
    }),
    op.post('/assistant/sessions/:id/voice-token', 'Mint a realtime voice token for an interview session', {
      description: `\`{ value, model, calls_url, expires_at? }\`: a short-lived client secret (VOICE_TOKEN_SECONDS) minted at the OpenAI-Realtime-style API of VOICE_REALTIME_URL with the interview's instructions; the browser opens its realtime call at \`calls_url\` with \`value\` as the bearer, so audio never passes through openroles (send the transcript back with voice-turns). Without VOICE_REALTIME_URL: 501 “voice mode is not configured”. At most ${ctx.config.voiceTokensPerHour} per hour (429).`,
      responses: { 200: { description: '`{ data: { value, model, calls_url, expires_at? } }`', schema: dataOf(object({ value: { type: 'string', description: 'the short-lived client secret' }, model: { type: 'string' }, calls_url: { type: 'string' }, expires_at: { type: 'integer', description: 'Unix seconds, when the API states it' } }, ['value', 'model', 'calls_url'])) }, 404: 'not found', 409: 'not an interview session bound to a job', 429: 'too many voice tokens this hour', 501: 'voice mode is not configured', 502: 'the realtime API refused or failed to mint' },
      params: IdParams,
    }, async (_event, { caller, params }) => {
      const session = sessionOf(ctx.db, caller.userId, params.id)
      if (session.preset !== 'interview' || !session.job_id) throw conflict('voice mode is for interview sessions bound to a job')
      const job = jobHeading(ctx.db, { slug: session.job_id })
      if (!job) throw conflict('voice mode is for interview sessions bound to a job')
      return { data: await mintVoiceToken(ctx.db, ctx.config, caller.userId, interviewInstructions(job), ctx.now()) }
    }),
    op.post('/assistant/sessions/:id/voice-turns', 'Append a voice transcript turn', {
      description: 'Interview sessions only. `{ role: user|assistant, content }`. 204.',
      responses: { 204: 'appended', 400: 'role, empty or too long', 404: 'not found', 409: 'not an interview session' },
      params: IdParams,
      body: VoiceTurnBody,
    }, (event: H3Event, { caller, params, body }) => {
      const session = sessionOf(ctx.db, caller.userId, params.id)
      if (session.preset !== 'interview') throw conflict('voice turns belong to interview sessions')
      const content = body.content.trim()
      if (!content) throw badRequest('content must not be empty')
      if (runes(content) > ctx.config.assistantMaxMessageRunes) throw badRequest(`content must be at most ${ctx.config.assistantMaxMessageRunes} characters`)
      appendMessage(ctx.db, session.id, body.role, { text: content, voice: true }, ctx.now())
    }),
    op.post('/assistant/sessions/:id/autopilot', 'Tailor a CV in one long turn', {
      description: `For a tailoring session (preset \`tailor\`, started by \`POST /me/cvs/tailor\` or \`POST /me/cvs/{id}/tailor-session\`). Without a model: reads the CV, orders its skills and bullets for the job, then walks the match analysis' requirements (at most ${MAX_ROUNDS} tool rounds, the rest \`not_reached\`), adding to the CV's skills what the job asks for and your profile lists; it never claims what you have not recorded. Every edit is a \`patch_cv\` as actor agent in the turn's revision batch, so \`POST /me/cvs/{id}/revisions/batch/{batch_id}/undo\` takes the whole run back. Lays down the CV's \`autopilot_report\` \`[{ requirement, status: closed_bank|open|not_reached, note? }]\`. The match analysis is used from the cache, or run first when missing or stale (its allowance and hourly budget apply). ${TURN_EVENTS}`,
      responses: { 200: TURN_STREAM, 402: 'match allowance used up (when the analysis must run)', 404: 'not found', 409: 'this conversation is not tailoring a CV, the vacancy is gone, or the session already has a message waiting', 429: 'too many analyses this hour' },
      auth: 'session',
      params: IdParams,
    }, (_event, { caller, params }) => {
      const session = sessionOf(ctx.db, caller.userId, params.id)
      return stream(session, () => {
        const prepared = prepareAutopilot(deps, caller.userId, session)
        return { driver: autopilotDriver(prepared), input: { session, userId: caller.userId, text: prepared.text }, persistUser: true }
      })
    }),
  ]
}
