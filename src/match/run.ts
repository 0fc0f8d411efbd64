import type { DB } from '../db/connection.ts'
import type { Config } from '../config.ts'
import { notFound } from '../errors.ts'
import { HOUR, spendCap } from '../plan/caps.ts'
import { jobIdBySlug, loadJobs } from '../catalogue/job-json.ts'
import { getProfile, type Profile } from '../profile/profile.ts'
import { getScreeningAnswers } from '../profile/screening.ts'
import { allowanceOf, consume, type Allowance } from '../plan/ledger.ts'
import { modelRecommendation } from './model-narrative.ts'
import { cachedAnalysis, saveAnalysis, stampsOf } from './store.ts'
import { stageAudit, stageDimensions, stageRequirements, STAGES, type AnalysisInput, type MatchAnalysis } from './analysis.ts'

/**
 * Match analysis as the routes and the assistant run it: the read (cached, never computes), and the
 * run (hourly budget, then the `match` allowance — free for a posting analysed before — then the
 * three stages, reported to `onEvent` as they finish, the recommendation rewritten by a configured
 * model (streamed as `thinking`), then the cache).
 */
export interface Deps {
  db: DB
  config: Config
  now: () => Date
}

export type StageEvent =
  | { kind: 'stage_start' | 'stage_done'; stage: number; label: string }
  | { kind: 'requirements'; stage: number; requirements: MatchAnalysis['requirement_match']; hidden_signals: MatchAnalysis['hidden_signals'] }
  | { kind: 'dimensions'; stage: number; analysis: Pick<MatchAnalysis, 'dimensions'> }
  | { kind: 'thinking'; stage: number; thinking: string }

interface Target {
  jobId: number
  job: Record<string, unknown>
  profile: Profile | null
}

function target(deps: Deps, userId: number, slug: string): Target {
  const jobId = jobIdBySlug(deps.db, slug)
  if (jobId === undefined) throw notFound('job not found')
  const [job] = loadJobs(deps.db, [jobId], { description: 'text', ghost: false })
  return { jobId, job: job!, profile: getProfile(deps.db, userId) }
}

/** GET: the cached analysis (or null), whether it is stale, and today's allowance. */
export function readAnalysis(deps: Deps, userId: number, slug: string): { has_cv: boolean; stale?: boolean; analysis?: MatchAnalysis | null; allowance?: Allowance } {
  const { jobId, profile } = target(deps, userId, slug)
  if (!profile) return { has_cv: false }
  const cached = cachedAnalysis(deps.db, userId, jobId, stampsOf(deps.db, userId, jobId))
  return { has_cv: true, stale: cached?.stale ?? false, analysis: cached?.analysis ?? null, allowance: allowanceOf(deps.db, deps.config, userId, 'match', deps.now()) }
}

/**
 * Everything that may refuse a run (404, 429, 402), done before any stream starts. Returns the
 * prepared run, or has_cv false when the caller has no profile to match.
 */
export function startRun(deps: Deps, userId: number, slug: string): { has_cv: false } | { has_cv: true; run: (onEvent?: (event: StageEvent) => void) => Promise<MatchAnalysis> } {
  const { jobId, job, profile } = target(deps, userId, slug)
  if (!profile) return { has_cv: false }
  deps.db.transaction(() => spendCap(deps.db, userId, { kind: 'match_run', limit: deps.config.matchAnalysisPerHour, windowSeconds: HOUR, what: 'match analyses' }, deps.now()))()
  consume(deps.db, deps.config, { userId, feature: 'match', reference: slug, subtitle: String(job.title ?? slug), now: deps.now() })
  const input: AnalysisInput = { profile, screening: getScreeningAnswers(deps.db, userId), job }
  return {
    has_cv: true,
    async run(onEvent = () => {}) {
      const stamps = stampsOf(deps.db, userId, jobId)
      const stage = (n: number) => ({ stage: n, label: STAGES[n - 1]! })
      onEvent({ kind: 'stage_start', ...stage(1) })
      const stage1 = stageRequirements(input)
      onEvent({ kind: 'requirements', stage: 1, requirements: stage1.requirement_match, hidden_signals: stage1.hidden_signals })
      onEvent({ kind: 'stage_done', ...stage(1) })
      onEvent({ kind: 'stage_start', ...stage(2) })
      const dimensions = stageDimensions(input, stage1)
      onEvent({ kind: 'dimensions', stage: 2, analysis: { dimensions } })
      onEvent({ kind: 'stage_done', ...stage(2) })
      onEvent({ kind: 'stage_start', ...stage(3) })
      const analysis = stageAudit(input, stage1, dimensions)
      const written = await modelRecommendation(deps.config, analysis, String(job.title ?? slug), (thinking) => onEvent({ kind: 'thinking', stage: 3, thinking }))
      if (written) analysis.recommendation = written
      onEvent({ kind: 'stage_done', ...stage(3) })
      saveAnalysis(deps.db, { userId, jobId, analysis, profileStamp: stamps.profile, postingStamp: stamps.posting, now: deps.now() })
      return analysis
    },
  }
}
