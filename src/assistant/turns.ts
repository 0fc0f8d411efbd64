import { randomUUID } from 'node:crypto'
import { conflict } from '../errors.ts'
import { appendMessage, messagesOf, sessionJobId, type Session } from './sessions.ts'
import { reply, understand, type Tracked } from './builtin.ts'
import { runTool, type ToolDeps } from './tools.ts'
import type { CvBrief } from './builtin-cv.ts'

/**
 * Assistant turns: one running per session and one queued behind it (a third is 409). A queued
 * turn waits for the running one at most ASSISTANT_QUEUE_WAIT_SECONDS, else it ends cancelled. A
 * turn runs to its end when the client goes away; `cancel` stops the running and the queued turn.
 * Every turn ends with exactly one `result` event. The driver is the model when one is configured
 * (model-driver.ts), else the built-in assistant.
 */
export type StopReason = 'end_turn' | 'max_steps' | 'cancelled' | 'error'
export type Emit = (event: { type: string; [field: string]: unknown }) => void

export interface TurnInput {
  session: Session
  userId: number
  /** The user's text (a new message, an opening brief, or the last message for a retry). */
  text: string
}

export type Driver = (deps: ToolDeps, input: TurnInput, emit: Emit, signal: AbortSignal) => Promise<StopReason>

interface Slot {
  running: AbortController | null
  queued: AbortController | null
  done: Promise<void>
}

const slots = new Map<string, Slot>()

/** Refuses a third turn; call before anything is charged or streamed. */
export function assertSlotFree(sessionId: string): void {
  const slot = slots.get(sessionId)
  if (slot?.running && slot.queued) throw conflict('this session already has a message waiting')
}

export function cancelTurns(sessionId: string): void {
  const slot = slots.get(sessionId)
  slot?.queued?.abort()
  slot?.running?.abort()
}

export function isRunning(sessionId: string): boolean {
  return Boolean(slots.get(sessionId)?.running)
}

/**
 * Takes the slot now (so a third request is refused at once) and returns the turn to run inside the
 * stream. `persistUser` appends the user's message first (not for a retry).
 */
export function reserveTurn(deps: ToolDeps, driver: Driver, input: TurnInput, options: { persistUser: boolean; queueWaitMs: number }): (emit: Emit) => Promise<void> {
  assertSlotFree(input.session.id)
  const control = new AbortController()
  const slot = slots.get(input.session.id) ?? { running: null, queued: null, done: Promise.resolve() }
  slots.set(input.session.id, slot)
  const waitFor = slot.running ? slot.done : null
  if (waitFor) slot.queued = control
  else slot.running = control
  let finish!: () => void
  const mine = new Promise<void>((resolve) => (finish = resolve))
  const previous = slot.done
  slot.done = previous.then(() => mine)

  return async (emit) => {
    let stop: StopReason = 'end_turn'
    try {
      if (waitFor) {
        emit({ type: 'queued' })
        const timedOut = await Promise.race([waitFor.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), options.queueWaitMs).unref())])
        slot.queued = null
        if (timedOut || control.signal.aborted) {
          stop = 'cancelled'
          return
        }
        slot.running = control
      }
      if (options.persistUser) appendMessage(deps.db, input.session.id, 'user', { text: input.text }, deps.now())
      emit({ type: 'user_prompt', text: input.text })
      // The turn's id doubles as the revision batch of the CV edits it makes (undone together).
      stop = await driver({ ...deps, batchId: randomUUID() }, input, emit, control.signal)
      if (control.signal.aborted) stop = 'cancelled'
    } catch (error) {
      stop = 'error'
      emit({ type: 'assistant_text', text: 'Something went wrong on our side; please try again.' })
      throw error
    } finally {
      if (slot.running === control) slot.running = null
      if (slot.queued === control) slot.queued = null
      emit({ type: 'result', stop_reason: stop })
      finish()
      if (!slot.running && !slot.queued) slots.delete(input.session.id)
    }
  }
}

/** The built-in assistant: one tool call chosen from the words, then the answer from its result. */
export const builtinDriver: Driver = async (deps, input, emit, signal) => {
  const history = messagesOf(deps.db, input.session.id)
  const tracked = deps.db
    .prepare('SELECT a.job_slug AS slug, a.role_title AS title, coalesce(c.name, a.company_slug) AS company FROM applications a LEFT JOIN companies c ON c.slug = a.company_slug WHERE a.user_id = ? ORDER BY a.updated_at DESC LIMIT 200')
    .all(input.userId) as Tracked[]
  const jobId = sessionJobId(deps.db, input.session.id)
  const sessionJob = jobId === null ? null : (deps.db.prepare('SELECT public_slug FROM jobs WHERE id = ?').pluck().get(jobId) as string)
  const plan = understand(input.text, { history, tracked, sessionJob, cvs: cvBriefs(deps, input.userId), sessionCv: input.session.cv_id ?? null })
  let text: string
  if (plan.kind === 'text') text = plan.text
  else {
    if (signal.aborted) return 'cancelled'
    const id = `call_${randomUUID().slice(0, 8)}`
    appendMessage(deps.db, input.session.id, 'assistant', { tool_calls: [{ id, name: plan.name, arguments: plan.input }] }, deps.now())
    emit({ type: 'tool_use', name: plan.name, input: plan.input })
    const { result, is_error } = await runTool(deps, input.userId, plan.name, plan.input)
    appendMessage(deps.db, input.session.id, 'tool', { tool_call_id: id, name: plan.name, result }, deps.now())
    emit({ type: 'tool_result', name: plan.name, result, is_error })
    text = reply(plan.name, result, is_error)
  }
  if (signal.aborted) return 'cancelled'
  appendMessage(deps.db, input.session.id, 'assistant', { text }, deps.now())
  emit({ type: 'assistant_text', text })
  emit({ type: 'usage', input_tokens: 0, output_tokens: 0 })
  return 'end_turn'
}

/** The caller's CVs as the built-in assistant resolves "my Acme CV" against them. */
function cvBriefs(deps: ToolDeps, userId: number): CvBrief[] {
  const rows = deps.db
    .prepare('SELECT c.id, c.kind, c.document, co.name AS company, j.title AS jobTitle FROM cvs c LEFT JOIN jobs j ON j.id = c.job_id LEFT JOIN companies co ON co.id = j.company_id WHERE c.user_id = ? ORDER BY c.kind, c.updated_at DESC')
    .all(userId) as (Omit<CvBrief, 'document'> & { document: string })[]
  return rows.map((row) => ({ ...row, document: JSON.parse(row.document) }))
}
