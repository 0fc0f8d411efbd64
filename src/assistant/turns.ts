import { randomUUID } from 'node:crypto'
import { appendMessage, messagesOf, sessionJobId, type Session } from './sessions.ts'
import { reply, understand, type Tracked } from './builtin.ts'
import { runTool, type ToolDeps } from './tools.ts'
import type { CvBrief } from './builtin-cv.ts'
import type { TurnSlot } from './turn-slots.ts'

/**
 * Assistant turns: one running per session and one queued behind it (a third is 409), whichever
 * serving process takes them (turn-slots.ts). A queued turn waits for the running one at most
 * ASSISTANT_QUEUE_WAIT_SECONDS, else it ends cancelled. A turn runs to its end when the client goes
 * away; `cancel` stops the running and the queued turn. Every turn ends with exactly one `result`
 * event. The driver is the model when one is configured (model-driver.ts), else the built-in
 * assistant.
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

/**
 * The turn to run inside the stream, in the slot taken for it (turn-slots.ts) before anything was
 * charged or streamed. `persistUser` appends the user's message first (not for a retry).
 */
export function runTurn(slot: TurnSlot, deps: ToolDeps, driver: Driver, input: TurnInput, options: { persistUser: boolean; queueWaitMs: number }): (emit: Emit) => Promise<void> {
  return async (emit) => {
    let stop: StopReason = 'end_turn'
    try {
      if (slot.queued) {
        emit({ type: 'queued' })
        if (!(await slot.waitToRun(options.queueWaitMs))) {
          stop = 'cancelled'
          return
        }
      }
      if (options.persistUser) appendMessage(deps.db, input.session.id, 'user', { text: input.text }, deps.now())
      emit({ type: 'user_prompt', text: input.text })
      // The turn's id doubles as the revision batch of the CV edits it makes (undone together).
      stop = await driver({ ...deps, batchId: randomUUID() }, input, emit, slot.signal)
      if (slot.signal.aborted) stop = 'cancelled'
    } catch (error) {
      stop = 'error'
      emit({ type: 'assistant_text', text: 'Something went wrong on our side; please try again.' })
      throw error
    } finally {
      slot.release()
      emit({ type: 'result', stop_reason: stop })
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
