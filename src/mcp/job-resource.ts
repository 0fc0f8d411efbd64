import type { DB } from '../db/connection.ts'
import { jobIdBySlug, loadJobs } from '../catalogue/job-json.ts'

/**
 * A posting as an MCP resource (`openroles://jobs/{slug}`): one Markdown document an agent can read
 * or quote, built from the same Job encoder as the API with the description as Markdown.
 */
export const JOB_URI_PREFIX = 'openroles://jobs/'

interface JobJson {
  public_slug: string
  title: string
  company: string
  location?: string | null
  work_mode?: string | null
  skills?: string[]
  url?: string | null
  posted_at?: string
  closed_at?: string | null
  description?: string
  enrichment?: Record<string, unknown>
}

export function jobMarkdown(db: DB, slug: string): { title: string; markdown: string } | null {
  const id = jobIdBySlug(db, slug)
  if (id === undefined) return null
  const [job] = loadJobs(db, [id], { description: 'markdown', ghost: false }) as unknown as JobJson[]
  if (!job) return null
  const facts = [job.company, job.location, job.work_mode, job.enrichment?.seniority, job.enrichment?.employment_type].filter(Boolean).join(' · ')
  const salary = job.enrichment?.salary_min || job.enrichment?.salary_max
    ? `Salary: ${[job.enrichment.salary_min, job.enrichment.salary_max].filter(Boolean).join('–')} ${job.enrichment.salary_currency ?? ''} per ${job.enrichment.salary_period ?? 'period'}`
    : null
  const lines = [
    `# ${job.title}`,
    '',
    facts,
    job.skills?.length ? `Skills: ${job.skills.join(', ')}` : null,
    salary,
    `Posted: ${job.posted_at?.slice(0, 10) ?? 'unknown'}${job.closed_at ? ` · closed ${job.closed_at.slice(0, 10)}` : ''}`,
    job.url ? `Apply: ${job.url}` : null,
    '',
    job.description ?? '',
  ]
  return { title: `${job.title} at ${job.company}`, markdown: lines.filter((line) => line !== null).join('\n') }
}
