/**
 * Our jobs and companies in the shapes of the Open Job Context Protocol (OJCP, draft v0.1), the
 * standard AI agents read job data through. Pure: a Job object (catalogue/job-json.ts) or a
 * company row in, a protocol object out. A field the posting does not state is left out, never
 * sent empty or guessed: a closed enum drops a value it cannot translate (a daily rate drops the
 * whole salary), and a posting open in several countries has no one `jobLocation`. OJCP has no
 * field for how real a posting looks, so the reality/ghost verdict travels in `agent_notes`, as
 * the reference service does, worded as facts about the posting, never about the employer.
 */
export const OJCP_VERSION = '0.1'

export const OJCP_ERROR_CODES = ['invalid_request', 'missing_required_field', 'invalid_field_value', 'job_not_found', 'employer_not_found', 'rate_limited', 'provider_error'] as const
export type OjcpErrorCode = (typeof OJCP_ERROR_CODES)[number]

/** The protocol's error envelope, also carrying our own `error` (the API's one error shape; OJCP's schema allows more fields). */
export function ojcpError(code: OjcpErrorCode, message: string, retryAfterSeconds?: number) {
  return { ojcp_version: OJCP_VERSION, error_code: code, message, error: message, ...(retryAfterSeconds !== undefined ? { retry_after_seconds: retryAfterSeconds } : {}) }
}

/** Where the ids and links point: the site origin and its host (ids are `{host}:{slug}`). */
export interface Site {
  origin: string
  host: string
}

type Job = Record<string, any>

const EXPERIENCE: Record<string, string> = { intern: 'entry', junior: 'entry', middle: 'mid', senior: 'senior', lead: 'lead', staff: 'staff', principal: 'principal', c_level: 'executive' }
const REMOTE_POLICY: Record<string, string> = { remote: 'remote', hybrid: 'hybrid', onsite: 'on_site' }
/** Pay periods OJCP can state; a day rate (or anything else) is left out with the whole salary. */
const UNIT_TEXT: Record<string, string> = { hour: 'HOUR', week: 'WEEK', month: 'MONTH', year: 'YEAR' }
/** Sources that are an employer's own applicant tracking system: their posting URL is the employer's page. */
const ATS_SOURCES = new Set(['greenhouse', 'lever', 'ashby', 'workable', 'smartrecruiters', 'recruitee', 'personio', 'teamtailor', 'workday', 'bamboohr', 'jobvite', 'breezy'])

const day = (timestamp: unknown) => (typeof timestamp === 'string' && /^\d{4}-\d{2}-\d{2}/.test(timestamp) ? timestamp.slice(0, 10) : undefined)
const httpUrl = (value: unknown) => (typeof value === 'string' && /^https?:\/\//i.test(value) ? value : undefined)
const defined = <T extends Record<string, unknown>>(object: T): T => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T

export function employerRef(site: Site, job: Job) {
  return { '@type': 'Organization' as const, name: job.company as string, ojcp_employer_id: `${site.host}:${job.company_slug}` }
}

function location(job: Job) {
  const countries = (job.countries ?? []) as string[]
  const cities = (job.cities ?? []) as string[]
  if (countries.length !== 1 || cities.length > 1) return undefined
  return { '@type': 'Place' as const, address: defined({ addressLocality: cities[0], addressCountry: countries[0]!.toUpperCase() }) }
}

function salary(job: Job) {
  const e = job.enrichment ?? {}
  const unitText = UNIT_TEXT[e.salary_period as string]
  if (!unitText || !e.salary_currency || (e.salary_min == null && e.salary_max == null)) return undefined
  return defined({ '@type': 'MonetaryAmountDistribution' as const, currency: e.salary_currency as string, minValue: e.salary_min ?? undefined, maxValue: e.salary_max ?? undefined, unitText })
}

/** The reality and ghost evidence as sentences about the posting (never criteria codes, never a claim about the employer). */
export function agentNotes(job: Job): string | undefined {
  const notes: string[] = []
  const reality = job.reality
  if (reality?.class === 'fresh') notes.push(`Posting reality: fresh, first seen ${reality.age_days} day${reality.age_days === 1 ? '' : 's'} ago.`)
  else if (reality?.class === 'stale') notes.push(`Posting reality: stale, open for ${reality.age_days} days.`)
  else if (reality?.class === 'likely-evergreen') notes.push(`Posting reality: likely evergreen (kept open for ${reality.age_days} days, possibly to collect applications).`)
  if (reality?.repost_count > 1) notes.push(`This posting has been reposted ${reality.repost_count} times.`)
  if (reality?.fake_freshness) notes.push('Its posting date was refreshed without a change to the posting.')
  const ghost = job.ghost
  if (ghost && ghost.level && ghost.level !== 'none') {
    notes.push(`Signals that the posting may not lead to a hire: ${ghost.level} (${ghost.criteria.length} of ${ghost.criteria_total} checks: ${ghost.criteria.map((code: string) => code.replaceAll('_', ' ')).join('; ')}).`)
  }
  if (job.closed_at) notes.push('The posting is closed.')
  return notes.length ? notes.join(' ') : undefined
}

/** A JobPosting: `detail` adds the description and the fields only a single read carries. */
export function ojcpJob(site: Site, job: Job, detail: boolean) {
  const e = job.enrichment ?? {}
  const official = ATS_SOURCES.has(job.source) ? httpUrl(job.url) : undefined
  const applyUrl = httpUrl(job.url) ?? httpUrl(job.apply_url)
  return defined({
    '@context': detail ? ['https://schema.org'] : undefined,
    '@type': 'JobPosting' as const,
    ojcp_id: `${site.host}:${job.public_slug}`,
    title: job.title as string,
    employer: employerRef(site, job),
    datePosted: day(job.posted_at) ?? day(job.created_at)!,
    validThrough: detail ? day(job.closed_at) : undefined,
    url: `${site.origin}/jobs/${job.public_slug}`,
    official_job_url: official,
    employmentType: e.employment_type ?? undefined,
    experienceLevel: EXPERIENCE[e.seniority as string],
    jobLocation: location(job),
    baseSalary: salary(job),
    description: detail ? (job.description as string) : undefined,
    skills_required: (job.skills as string[] | undefined)?.length ? job.skills : undefined,
    remote_policy: REMOTE_POLICY[job.work_mode as string],
    requisition_id: detail ? (job.external_id ?? undefined) : undefined,
    apply_paths: applyUrl
      ? [defined({ type: official ? 'ats_direct' : 'external_redirect', url: applyUrl, ats_provider: official ? job.source : undefined, supports_agent_submission: false })]
      : undefined,
    agent_notes: agentNotes(job),
  })
}

export interface EmployerFacts {
  slug: string
  name: string
  tagline: string | null
  description: string | null
  hqCountry: string | null
  industries: string[]
  openRoles: number
}

export function employerContext(site: Site, employer: EmployerFacts) {
  return defined({
    ojcp_version: OJCP_VERSION,
    employer_id: `${site.host}:${employer.slug}`,
    name: employer.name,
    description: employer.description ?? employer.tagline ?? undefined,
    industries: employer.industries.length ? employer.industries : undefined,
    hq_location: employer.hqCountry ? { country: employer.hqCountry.toUpperCase() } : undefined,
    open_roles_count: employer.openRoles,
  })
}

/** The /.well-known/ojcp.json manifest: what this deployment answers and the rate it enforces. */
export function ojcpManifest(site: Site, options: { tools: readonly string[]; anonymousRps: number }) {
  return {
    ojcp_version: OJCP_VERSION,
    provider: { name: 'openroles', description: 'A self-hosted catalogue of open IT job postings and the companies behind them, deduplicated and enriched.' },
    tools: [...options.tools],
    feed_endpoints: { search: `${site.origin}/api/v1/ojcp/v1/search`, detail: `${site.origin}/api/v1/ojcp/v1/jobs/{job_id}` },
    mcp_endpoint: `${site.origin}/api/v1/ojcp/mcp`,
    auth: { required: false },
    rate_limits: { anonymous_rps: options.anonymousRps },
    apply_paths: ['ats_direct', 'external_redirect'],
  }
}
