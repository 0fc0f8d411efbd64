import type { DB } from '../db/connection.ts'
import type { Config } from '../config.ts'
import type { SearchEngine } from '../search/engine.ts'
import { DomainError } from '../errors.ts'
import { jobIdBySlug, loadJobs } from '../catalogue/job-json.ts'
import { parseJobQuery } from '../search/search-params.ts'
import { recordAction, track } from '../tracker/tracking.ts'
import { pipeline } from '../tracker/tracking-list.ts'
import { isStage, STAGES } from '../tracker/stages.ts'
import { startRun } from '../match/run.ts'
import { ToolError } from './tool-error.ts'
import { CV_TOOLS } from './cv-tools.ts'

/**
 * The assistant's tools: openroles' own operations, run as the caller, with the same rules as the
 * HTTP routes (the match allowance, the tracker's transactions). The built-in assistant and a
 * configured model call the same tools; `parameters` is the JSON schema a model is shown.
 */
export interface ToolDeps {
  db: DB
  config: Config
  now: () => Date
  search: SearchEngine
  /** The running turn's id: the revision batch of the CV edits it makes. */
  batchId?: string
}

export interface Tool {
  name: string
  description: string
  parameters: Record<string, unknown>
  run(deps: ToolDeps, userId: number, input: Record<string, unknown>): unknown | Promise<unknown>
}


const str = (value: unknown, name: string): string => {
  if (typeof value !== 'string' || !value.trim()) throw new ToolError(`${name} is required`)
  return value.trim()
}

const slugObject = { type: 'object', properties: { slug: { type: 'string', description: 'the job public_slug' } }, required: ['slug'] }

function jobOf(deps: ToolDeps, slug: string): { id: number; job: Record<string, unknown> } {
  const id = jobIdBySlug(deps.db, slug)
  if (id === undefined) throw new ToolError(`no job ${slug}`)
  return { id, job: loadJobs(deps.db, [id], { description: 'text', ghost: false })[0]! }
}

const brief = (job: Record<string, unknown>) => ({ slug: job.public_slug, title: job.title, company: job.company, location: job.location ?? null, work_mode: job.work_mode ?? null })

export const TOOLS: Tool[] = [
  {
    name: 'search_jobs',
    description: 'Search open jobs. `params` is a URL query string in the /jobs/search grammar: q (free text), work_mode (remote|hybrid|onsite), cities, countries, seniority, skills, sort…; e.g. "q=rust&work_mode=remote&cities=Berlin".',
    parameters: { type: 'object', properties: { params: { type: 'string' } }, required: ['params'] },
    run(deps, _userId, input) {
      let query
      try {
        query = parseJobQuery(new URLSearchParams(str(input.params, 'params')), { maxQueryLength: deps.config.maxQueryLength, sorted: true })
      } catch (error) {
        throw new ToolError(error instanceof Error ? error.message : String(error))
      }
      const { ids, total } = deps.search.search({ q: query.q, filters: query.filters, sort: query.sort, order: query.order, limit: 5, offset: 0 })
      return { total, jobs: loadJobs(deps.db, ids, { description: 'preview', ghost: false }).map(brief) }
    },
  },
  {
    name: 'read_job',
    description: 'Read one job: title, company, location, work mode, skills and the start of its description.',
    parameters: slugObject,
    run(deps, _userId, input) {
      const { job } = jobOf(deps, str(input.slug, 'slug'))
      return { ...brief(job), skills: job.skills, description: String(job.description ?? '').slice(0, 1500) }
    },
  },
  {
    name: 'match_analysis',
    description: 'Analyse how well the caller fits a job (draws the daily match allowance once per job): score, verdict, strengths, gaps, blockers, recommendation.',
    parameters: slugObject,
    async run(deps, userId, input) {
      const slug = str(input.slug, 'slug')
      jobOf(deps, slug)
      const started = startRun(deps, userId, slug)
      if (!started.has_cv) throw new ToolError('you have no profile yet; fill in /me/profile first')
      const a = await started.run()
      return { slug, overall_score: a.overall_score, verdict: a.verdict, strengths: a.strengths, gaps: a.gaps, blockers: a.blockers.filter((b) => !b.met).map((b) => b.reason), recommendation: a.recommendation }
    },
  },
  {
    name: 'save_job',
    description: 'Save a job for later.',
    parameters: slugObject,
    run(deps, userId, input) {
      const { id, job } = jobOf(deps, str(input.slug, 'slug'))
      recordAction(deps.db, userId, id, 'save', deps.now().toISOString())
      return { saved: brief(job) }
    },
  },
  {
    name: 'set_stage',
    description: `Track a job and set its application stage (${STAGES.join(', ')}).`,
    parameters: { type: 'object', properties: { slug: { type: 'string' }, stage: { type: 'string', enum: [...STAGES] } }, required: ['slug', 'stage'] },
    run(deps, userId, input) {
      const stage = str(input.stage, 'stage')
      if (!isStage(stage)) throw new ToolError(`stage must be one of ${STAGES.join(', ')}`)
      const { id, job } = jobOf(deps, str(input.slug, 'slug'))
      track(deps.db, userId, { jobId: id }, { stage }, deps.now().toISOString())
      return { job: brief(job), stage }
    },
  },
  {
    name: 'pipeline',
    description: 'The caller’s applications: counts per stage and each tracked job with its stage.',
    parameters: { type: 'object', properties: {} },
    run(deps, userId) {
      const applications = deps.db
        .prepare("SELECT a.job_slug AS slug, a.role_title AS title, coalesce(c.name, a.company_slug) AS company, coalesce(a.stage, CASE WHEN a.applied_at IS NOT NULL THEN 'applied' END) AS stage, a.applied_at FROM applications a LEFT JOIN companies c ON c.slug = a.company_slug WHERE a.user_id = ? ORDER BY a.updated_at DESC LIMIT 50")
        .all(userId)
      return { ...pipeline(deps.db, userId), tracked: applications }
    },
  },
  {
    name: 'draft_follow_up',
    description: 'Draft a short follow-up e-mail for a tracked application (not sent).',
    parameters: slugObject,
    run(deps, userId, input) {
      const { id, job } = jobOf(deps, str(input.slug, 'slug'))
      const app = deps.db.prepare('SELECT applied_at, stage FROM applications WHERE user_id = ? AND job_id = ?').get(userId, id) as { applied_at: string | null; stage: string | null } | undefined
      const when = app?.applied_at ? ` on ${app.applied_at.slice(0, 10)}` : ''
      const subject = `Following up: ${job.title} application`
      const body = [
        'Hello,',
        '',
        `I applied for the ${job.title} role at ${job.company}${when} and wanted to follow up. I remain very interested in the position and would be glad to share anything else that helps your decision.`,
        '',
        'Could you let me know where the process stands and what the next steps are?',
        '',
        'Thank you for your time,',
      ].join('\n')
      return { job: brief(job), tracked: app !== undefined, subject, body }
    },
  },
  ...CV_TOOLS,
]

export const toolByName = (name: string) => TOOLS.find((tool) => tool.name === name)

/** Runs a tool; a refusal (unknown job, 402 allowance, 429) is the result's error text, not a thrown failure. */
export async function runTool(deps: ToolDeps, userId: number, name: string, input: Record<string, unknown>): Promise<{ result: unknown; is_error: boolean }> {
  const tool = toolByName(name)
  if (!tool) return { result: { error: `no tool ${name}` }, is_error: true }
  try {
    return { result: await tool.run(deps, userId, input), is_error: false }
  } catch (error) {
    if (error instanceof ToolError || error instanceof DomainError) return { result: { error: error.message }, is_error: true }
    throw error
  }
}
