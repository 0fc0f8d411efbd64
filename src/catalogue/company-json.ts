import type { CompanyEntry } from './company-index.ts'
import type { FeedbackSummary } from './community-signals.ts'

/** Company JSON of the API (docs/public-api.md "Companies"): the only place a company becomes JSON. */

const list = (json: unknown): string[] => (typeof json === 'string' ? (JSON.parse(json) as string[]) : [])
const sorted = (values: string[]) => [...new Set(values)].sort()

interface SummaryFields {
  slug: string
  name: string
  jobCount: number
  tagline: string | null
  industries: string[]
  hqCountry: string | null
  collections: string[]
}

function summaryOf(fields: SummaryFields, feedback: FeedbackSummary): Record<string, unknown> {
  return {
    slug: fields.slug,
    name: fields.name,
    job_count: fields.jobCount,
    tagline: fields.tagline,
    industries: fields.industries,
    hq_country: fields.hqCountry,
    collections: fields.collections,
    feedback_count: feedback.count,
    feedback_rating_avg: feedback.ratingAvg,
  }
}

/** An item of company search. */
export function toCompanySummary(entry: CompanyEntry & { tagline: string | null }, feedback: FeedbackSummary): Record<string, unknown> {
  return summaryOf(entry, feedback)
}

export interface CompanyRow {
  id: number
  slug: string
  name: string
  tagline: string | null
  homepage: string | null
  careers_url: string | null
  description: string | null
  hq_country: string | null
  industries: string
  subindustries: string
  company_type: string | null
  company_size: string | null
  year_founded: number | null
  employee_count: number | null
  organization_type: string | null
  maturity: string | null
  yc_batch: string
  yc_status: string
  yc_stage: string
  yc_flags: string
  upvote_count: number
  downvote_count: number
  job_count: number | null
  regions: string | null
  countries: string | null
  remote_regions: string | null
  domains: string | null
  company_types: string | null
  company_sizes: string | null
}

/** The `company` object of company detail: the summary plus curated and derived facts. */
export function toCompanyDetail(row: CompanyRow, collections: string[], feedback: FeedbackSummary, myVote: number | null): Record<string, unknown> {
  const summary = summaryOf(
    {
      slug: row.slug,
      name: row.name,
      jobCount: row.job_count ?? 0,
      tagline: row.tagline,
      industries: list(row.industries),
      hqCountry: row.hq_country,
      collections,
    },
    feedback,
  )
  return {
    ...summary,
    company_info: { homepage: row.homepage, careers_url: row.careers_url, description: row.description },
    domains: sorted(list(row.domains)),
    regions: sorted(list(row.regions)),
    countries: sorted(list(row.countries)),
    remote_regions: sorted(list(row.remote_regions)),
    company_types: sorted([...list(row.company_types), ...(row.company_type ? [row.company_type] : [])]),
    company_sizes: sorted([...list(row.company_sizes), ...(row.company_size ? [row.company_size] : [])]),
    subindustries: list(row.subindustries),
    year_founded: row.year_founded,
    employee_count: row.employee_count,
    organization_type: row.organization_type,
    maturity: row.maturity,
    yc_batch: list(row.yc_batch),
    yc_status: list(row.yc_status),
    yc_stage: list(row.yc_stage),
    yc_flags: list(row.yc_flags),
    upvote_count: row.upvote_count,
    downvote_count: row.downvote_count,
    my_vote: myVote,
  }
}
