import * as v from 'valibot'
import type { AppContext } from '../context.ts'
import { jobIdBySlug, loadJobs } from '../catalogue/job-json.ts'
import { companyRowBySlug } from '../catalogue/company-read.ts'
import { findSkill } from '../vocabulary/skills.ts'
import { interpretationQuery, interpretQuery } from '../search/interpret.ts'
import { parseJobQuery, SearchInputError } from '../search/search-params.ts'
import { employerContext, employerRef, ojcpError, ojcpJob, OJCP_VERSION, type Site } from './projection.ts'

/**
 * The OJCP tools as operations both transports call (REST under /api/v1/ojcp/v1, MCP at
 * /api/v1/ojcp/mcp): each answers a status and a protocol body, an OJCP error envelope on failure.
 * search_jobs reads its natural-language `query` with the plain-language interpreter
 * (search/interpret.ts), so "senior backend engineer remote" searches by seniority, category and
 * work mode rather than by those words; the structured filters narrow it further.
 */
export const OJCP_TOOLS = ['search_jobs', 'get_job_detail', 'get_employer_context'] as const

export interface OjcpAnswer {
  status: number
  body: Record<string, unknown>
}

const text = (max: number) => v.pipe(v.string(), v.maxLength(max))
export const SearchInput = v.object({
  query: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(500)),
  location: v.optional(v.object({ city: v.optional(text(100)), state: v.optional(text(100)), country: v.optional(text(60)), remote_ok: v.optional(v.boolean()), radius_miles: v.optional(v.number()) })),
  filters: v.optional(
    v.object({
      employment_type: v.optional(text(40)),
      salary_min: v.optional(v.pipe(v.number(), v.minValue(0))),
      salary_max: v.optional(v.pipe(v.number(), v.minValue(0))),
      experience_level: v.optional(text(40)),
      posted_within_days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(365))),
    }),
  ),
  candidate_context: v.optional(v.looseObject({ consent_scope: v.optional(text(40)), skills: v.optional(v.array(text(100))) })),
  pagination: v.optional(v.object({ limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50))), offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000))) })),
})

const EXPERIENCE_LEVELS: Record<string, string[]> = { entry: ['intern', 'junior'], mid: ['middle'], senior: ['senior'], lead: ['lead'], staff: ['staff'], principal: ['principal'], director: ['c_level'], executive: ['c_level'] }

function invalid(issues: v.BaseIssue<unknown>[]): OjcpAnswer {
  const issue = issues[0]!
  const path = issue.path?.map((item) => String(item.key)).join('.') || 'body'
  const missing = issue.input === undefined
  return { status: 400, body: ojcpError(missing ? 'missing_required_field' : 'invalid_field_value', `${path}: ${missing ? 'is required' : issue.message}`) }
}

export function searchJobs(ctx: AppContext, site: Site, raw: unknown): OjcpAnswer {
  const parsed = v.safeParse(SearchInput, raw)
  if (!parsed.success) return invalid(parsed.issues)
  const input = parsed.output
  const reading = interpretQuery(input.query)
  const params = new URLSearchParams(interpretationQuery(reading))
  const { location, filters = {} } = input
  if (location?.city) params.set('cities', location.city)
  if (location?.country) params.set('countries', location.country.toLowerCase())
  if (location?.remote_ok === false) params.set('work_mode_exclude', 'remote')
  if (filters.employment_type) params.set('employment_type', filters.employment_type.toLowerCase())
  if (filters.salary_min !== undefined) params.set('salary_min', String(Math.round(filters.salary_min)))
  if (filters.salary_max !== undefined) params.set('salary_max', String(Math.round(filters.salary_max)))
  if (filters.posted_within_days !== undefined) params.set('posted_within_days', String(filters.posted_within_days))
  if (filters.experience_level) {
    const levels = EXPERIENCE_LEVELS[filters.experience_level.toLowerCase()]
    if (!levels) return { status: 400, body: ojcpError('invalid_field_value', `filters.experience_level: must be one of ${Object.keys(EXPERIENCE_LEVELS).join(', ')}`) }
    params.set('seniority', levels.join(','))
  }
  let query
  try {
    query = parseJobQuery(params, { maxQueryLength: ctx.config.maxQueryLength, sorted: true })
  } catch (error) {
    if (error instanceof SearchInputError) return { status: 400, body: ojcpError('invalid_field_value', error.message) }
    throw error
  }
  const limit = input.pagination?.limit ?? 10
  const offset = input.pagination?.offset ?? 0
  const { ids, total } = ctx.search.search({ q: query.q, filters: query.filters, limit, offset })
  const jobs = loadJobs(ctx.db, ids, { description: 'preview', ghost: true, ...ctx.search.pageFacts(ids) })
  const candidateSkills = new Set((input.candidate_context?.skills ?? []).flatMap((name) => findSkill(name)?.slug ?? []))
  return {
    status: 200,
    body: {
      ojcp_version: OJCP_VERSION,
      query: input.query,
      total_results: total,
      returned: jobs.length,
      offset,
      jobs: jobs.map((job) => ({ ...ojcpJob(site, job, false), ...(candidateSkills.size ? fitOf(job.skills as string[], candidateSkills) : {}) })),
    },
  }
}

/** How many of the posting's named skills the candidate has, as OJCP's 0..1 fit score with the reason. */
function fitOf(jobSkills: string[], candidate: Set<string>) {
  if (!jobSkills.length) return { fit_score: 0.5, fit_rationale: 'The posting names no skills to compare.' }
  const matched = jobSkills.filter((skill) => candidate.has(skill))
  const missing = jobSkills.filter((skill) => !candidate.has(skill))
  return {
    fit_score: Math.round((matched.length / jobSkills.length) * 100) / 100,
    fit_rationale: `Has ${matched.length} of the ${jobSkills.length} skills the posting names${matched.length ? ` (${matched.join(', ')})` : ''}${missing.length ? `; missing ${missing.join(', ')}` : ''}.`,
  }
}

/** The ids this provider hands out are `{host}:{slug}`; a bare slug is accepted too. */
const slugOf = (id: string) => id.slice(id.lastIndexOf(':') + 1)

export function jobDetail(ctx: AppContext, site: Site, id: string, includeEmployer: boolean): OjcpAnswer {
  const jobId = jobIdBySlug(ctx.db, slugOf(id))
  const job = jobId === undefined ? undefined : loadJobs(ctx.db, [jobId], { description: 'text', ghost: true })[0]
  if (!job) return { status: 404, body: ojcpError('job_not_found', `no job ${id}`) }
  const employer = includeEmployer ? employerOf(ctx, site, job.company_slug as string) : null
  return {
    status: 200,
    body: { ojcp_version: OJCP_VERSION, job: ojcpJob(site, job, true), ...(employer ? { employer_context: { ...employerRef(site, job), ...withoutEnvelope(employer) } } : {}) },
  }
}

function withoutEnvelope(context: Record<string, unknown>) {
  const { ojcp_version: _version, employer_id: _id, open_roles_count: _count, ...rest } = context
  return rest
}

function employerOf(ctx: AppContext, site: Site, slug: string) {
  const row = companyRowBySlug(ctx.db, slug)
  if (!row) return null
  const industries = JSON.parse(row.industries || '[]') as string[]
  return employerContext(site, { slug: row.slug, name: row.name, tagline: row.tagline, description: row.description, hqCountry: row.hq_country, industries, openRoles: row.job_count ?? 0 })
}

export function employer(ctx: AppContext, site: Site, id: string): OjcpAnswer {
  const context = employerOf(ctx, site, slugOf(id))
  return context ? { status: 200, body: context } : { status: 404, body: ojcpError('employer_not_found', `no employer ${id}`) }
}
