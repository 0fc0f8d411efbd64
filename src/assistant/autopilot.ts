import { randomUUID } from 'node:crypto'
import { conflict } from '../errors.ts'
import { appendMessage, type Session } from './sessions.ts'
import { runTool, type ToolDeps } from './tools.ts'
import type { Driver, Emit } from './turns.ts'
import { cvOf, rootOf, type CvRow } from '../cv/store.ts'
import { orderOps, requirementStep, setAutopilotReport, type ReportEntry } from '../cv/autopilot.ts'
import { jobMatch } from '../cv/job-match.ts'
import { getProfile } from '../profile/profile.ts'
import { cachedAnalysis, stampsOf } from '../match/store.ts'
import { startRun } from '../match/run.ts'
import type { MatchAnalysis } from '../match/analysis.ts'
import { jobHeading, jobSkills } from '../catalogue/job-lookup.ts'

/**
 * Autopilot: one long turn of a tailoring session that tailors its CV without a model (≤ 30 tool
 * rounds). It reads the CV, orders it for the job, then closes the match analysis' requirements one
 * by one with `patch_cv` (cv/autopilot.ts decides what), all as actor agent in the turn's revision
 * batch — so one batch undo takes the whole run back — and lays down the autopilot report: every
 * requirement `not_reached` at the start, its outcome at the end.
 */
export const MAX_ROUNDS = 30

interface Prepared {
  cv: CvRow
  text: string
  job: { slug: string; title: string; company: string; skills: { slug: string; name: string }[] }
  analysis: () => Promise<MatchAnalysis>
}

/** Everything that refuses (409, and the analysis' 402 / 429 when it must run), before any stream. */
export function prepareAutopilot(deps: ToolDeps, userId: number, session: Session): Prepared {
  const notTailoring = () => conflict('this conversation is not tailoring a CV')
  if (session.preset !== 'tailor' || !session.cv_id) throw notTailoring()
  const cv = cvOf(deps.db, userId, session.cv_id)
  if (!cv || cv.kind !== 'tailored') throw notTailoring()
  const heading = cv.job_id === null ? undefined : jobHeading(deps.db, { id: cv.job_id })
  if (!heading) throw conflict('the vacancy is gone')
  const job = { slug: heading.slug, title: heading.title, company: heading.company, skills: jobSkills(deps.db, cv.job_id!) }
  const cached = cachedAnalysis(deps.db, userId, cv.job_id!, stampsOf(deps.db, userId, cv.job_id!))
  let analysis: Prepared['analysis']
  if (cached && !cached.stale) analysis = async () => cached.analysis
  else {
    // No fresh analysis: run it now (the match allowance and hourly budget refuse here, before the stream).
    const started = startRun(deps, userId, job.slug)
    if (!started.has_cv) throw conflict('add a résumé before tailoring')
    analysis = () => started.run()
  }
  return { cv, job, analysis, text: `Tailor my CV for the ${job.title} role at ${job.company}.` }
}

export function autopilotDriver(prepared: Prepared): Driver {
  return async (deps, input, emit, signal) => {
    const { job } = prepared
    const cvId = prepared.cv.id
    const current = () => cvOf(deps.db, input.userId, cvId)
    let rounds = 0
    const call = async (name: string, args: Record<string, unknown>) => {
      rounds++
      const id = `call_${randomUUID().slice(0, 8)}`
      appendMessage(deps.db, input.session.id, 'assistant', { tool_calls: [{ id, name, arguments: args }] }, deps.now())
      emit({ type: 'tool_use', name, input: args })
      const outcome = await runTool(deps, input.userId, name, args)
      appendMessage(deps.db, input.session.id, 'tool', { tool_call_id: id, name, result: outcome.result }, deps.now())
      emit({ type: 'tool_result', name, result: outcome.result, is_error: outcome.is_error })
      return outcome
    }
    const analysis = await prepared.analysis()
    const requirements = analysis.requirement_match
    setAutopilotReport(deps.db, cvId, requirements.map((r) => ({ requirement: r.text, status: 'not_reached' })))
    const scoreBefore = score(deps, current())
    await call('read_cv', { cv_id: cvId })
    const order = orderOps(rootOf(current()!), job.skills)
    if (order.length) await call('patch_cv', { cv_id: cvId, ops: order, note: `Ordered for ${job.title}` })
    const report: ReportEntry[] = []
    const skills = getProfile(deps.db, input.userId)?.skills ?? []
    let stopped = false
    for (const requirement of requirements) {
      if (signal.aborted || rounds >= MAX_ROUNDS) {
        stopped = true
        report.push({ requirement: requirement.text, status: 'not_reached' })
        continue
      }
      const row = current()
      if (!row) break
      const step = requirementStep(rootOf(row), requirement, skills)
      if (step.ops.length) {
        const done = await call('patch_cv', { cv_id: cvId, ops: step.ops, note: `For “${requirement.text}”` })
        if (done.is_error) step.entry = { requirement: requirement.text, status: 'open', note: `the edit was refused: ${(done.result as { error?: string }).error}` }
      }
      report.push(step.entry)
    }
    setAutopilotReport(deps.db, cvId, report)
    if (signal.aborted) return 'cancelled'
    emitSummary(deps, input.session.id, emit, report, scoreBefore, score(deps, current()), rounds)
    return stopped ? 'max_steps' : 'end_turn'
  }
}

function score(deps: ToolDeps, row: CvRow | undefined): number | null {
  if (!row) return null
  return jobMatch(deps.db, row, deps.now()).score?.overall ?? null
}

function emitSummary(deps: ToolDeps, sessionId: string, emit: Emit, report: ReportEntry[], before: number | null, after: number | null, rounds: number): void {
  const count = (status: string) => report.filter((entry) => entry.status === status).length
  const open = report.filter((entry) => entry.status === 'open').slice(0, 8)
  const text = [
    `Autopilot made its edits in ${rounds} step${rounds === 1 ? '' : 's'}: ${count('closed_bank')} requirement${count('closed_bank') === 1 ? '' : 's'} closed from what you recorded, ${count('open')} open${count('not_reached') ? `, ${count('not_reached')} not reached` : ''}.`,
    before !== null && after !== null ? `The CV’s job match went from ${before} to ${after}.` : '',
    open.length ? `Still open:\n${open.map((entry) => `• ${entry.requirement}${entry.note ? ` — ${entry.note}` : ''}`).join('\n')}` : '',
    deps.batchId ? `Every edit of this run is one batch (${deps.batchId}): undo it with POST /me/cvs/{id}/revisions/batch/${deps.batchId}/undo.` : '',
  ].filter(Boolean).join('\n')
  appendMessage(deps.db, sessionId, 'assistant', { text }, deps.now())
  emit({ type: 'assistant_text', text })
  emit({ type: 'usage', input_tokens: 0, output_tokens: 0 })
}
