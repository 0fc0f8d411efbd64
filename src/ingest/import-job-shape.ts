import * as v from 'valibot'
import { CATEGORIES } from '../catalogue/tech-category.ts'
import { POSTING_ATTRIBUTES } from '../catalogue/posting-attributes.ts'
import type { CompanyRecord } from '../catalogue/job-record.ts'
import { slugify } from '../vocabulary/slug.ts'
import type { RawPosting, StatedFacts } from './raw-posting.ts'

/**
 * Our own import shape: one posting per JSON Lines row, named like the API Job object
 * (docs/ingest.md), so an export of /jobs re-imports. Given facet fields win over enrichment.
 */
const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max))
const nullable = <T extends v.GenericSchema>(schema: T) => v.optional(v.nullable(schema))
const isoDate = v.pipe(v.string(), v.check((s) => !Number.isNaN(Date.parse(s)), 'is not a date'))
const enumOf = <const T extends readonly [string, ...string[]]>(values: T) => nullable(v.picklist(values))
type Closed = Extract<(typeof POSTING_ATTRIBUTES)[number], { values: readonly string[] }>
const vocabularyOf = <N extends string>(name: N) => (POSTING_ATTRIBUTES.find((row) => row.name === name) as Extract<Closed, { name: N }>).values as unknown as readonly [Extract<Closed, { name: N }>['values'][number], ...Extract<Closed, { name: N }>['values'][number][]]
/** A facet's closed vocabulary, from the posting-attribute table: what import accepts is what search knows. */
const closed = <N extends string>(name: N) => enumOf(vocabularyOf(name))
const list = v.optional(v.array(v.pipe(v.string(), v.maxLength(200))))
const years = nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(60)))
const amount = nullable(v.pipe(v.number(), v.minValue(0)))

const COMPANY = v.looseObject({
  name: text(200),
  slug: v.optional(text(100)),
  tagline: nullable(text(500)),
  homepage: nullable(text(500)),
  description: nullable(text(5000)),
  hq_country: nullable(text(60)),
  industries: list,
  subindustries: list,
  collections: list,
  company_type: v.optional(v.string()),
  company_size: v.optional(v.string()),
})

const ENRICHMENT_FIELDS = {
  employment_type: closed('employment_type'),
  relocation: closed('relocation'),
  visa_sponsorship: nullable(v.boolean()),
  salary_min: amount,
  salary_max: amount,
  salary_currency: nullable(v.pipe(v.string(), v.regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO 4217 code'))),
  salary_period: closed('salary_period'),
  seniority: closed('seniority'),
  experience_years_min: years,
  experience_years_max: years,
  english_level: closed('english_level'),
  education_level: closed('education_level'),
  category: enumOf(CATEGORIES),
  domains: list,
  posting_language: nullable(text(10)),
  company_type: closed('company_type'),
  company_size: closed('company_size'),
  summary: nullable(text(1000)),
  timezone_note: nullable(text(300)),
}

export const JobLineSchema = v.looseObject({
  title: v.pipe(text(300), v.minLength(1, 'title is empty')),
  company: v.union([v.pipe(text(200), v.minLength(1, 'company is empty')), COMPANY], 'company must be a name or an object with a name'),
  company_slug: v.optional(text(100)),
  url: nullable(text(2000)),
  source_url: nullable(text(2000)),
  location: nullable(text(500)),
  description: v.optional(v.pipe(v.string(), v.maxLength(200_000))),
  posted_at: v.optional(isoDate),
  created_at: v.optional(isoDate),
  closed_at: nullable(isoDate),
  source: v.optional(v.pipe(text(60), v.regex(/^[a-z0-9][a-z0-9._-]*$/i, 'source must be a short name'))),
  external_id: v.optional(v.union([text(300), v.number()])),
  job_id: v.optional(v.union([text(200), v.number()])),
  work_mode: closed('work_mode'),
  regions: list,
  countries: list,
  cities: list,
  skills: list,
  role: nullable(text(80)),
  role_type: closed('role_type'),
  ai_archetype: closed('ai_archetype'),
  requires_clearance: v.optional(v.boolean()),
  manually_added: v.optional(v.boolean()),
  /** The API serves these inside `enrichment`; either place is read. */
  enrichment: v.optional(v.looseObject(ENRICHMENT_FIELDS)),
  ...ENRICHMENT_FIELDS,
})

type JobLine = v.InferOutput<typeof JobLineSchema>

function companyOf(line: JobLine): CompanyRecord {
  const company = typeof line.company === 'string' ? { name: line.company } : line.company
  const c = company as v.InferOutput<typeof COMPANY>
  return {
    slug: line.company_slug ?? c.slug ?? slugify(c.name),
    name: c.name,
    tagline: c.tagline ?? null,
    homepage: c.homepage ?? null,
    description: c.description ?? null,
    hqCountry: c.hq_country ?? null,
    industries: c.industries,
    subindustries: c.subindustries,
    collections: c.collections,
  }
}

/** A validated row as a raw posting; `identity` supplies source/external id when the row has none. */
export function rawFromJobLine(line: JobLine, identity: (fallback: { url?: string | null; title: string; company: string; location?: string | null }) => { source: string; externalId: string }, now: Date): RawPosting {
  const company = companyOf(line)
  const e = { ...line, ...(line.enrichment ?? {}) }
  const given = identity({ url: line.url, title: line.title, company: company.name, location: line.location })
  const stated: StatedFacts = {
    workMode: line.work_mode,
    countries: line.countries,
    cities: line.cities,
    regions: line.regions,
    skills: line.skills,
    domains: e.domains,
    salaryMin: e.salary_min,
    salaryMax: e.salary_max,
    salaryCurrency: e.salary_currency,
    salaryPeriod: e.salary_period,
    employmentType: e.employment_type,
    seniority: e.seniority,
    category: e.category,
    role: line.role,
    roleType: line.role_type,
    aiArchetype: line.ai_archetype,
    relocation: e.relocation,
    visaSponsorship: e.visa_sponsorship,
    requiresClearance: line.requires_clearance,
    englishLevel: e.english_level,
    educationLevel: e.education_level,
    postingLanguage: e.posting_language,
    experienceYearsMin: e.experience_years_min,
    experienceYearsMax: e.experience_years_max,
    companyType: e.company_type,
    companySize: e.company_size,
    summary: e.summary,
    timezoneNote: e.timezone_note,
  }
  for (const key of Object.keys(stated) as (keyof StatedFacts)[]) if (stated[key] === undefined) delete stated[key]
  return {
    source: line.source ?? given.source,
    externalId: line.external_id !== undefined ? String(line.external_id) : given.externalId,
    title: line.title,
    company,
    description: line.description ?? '',
    url: line.url ?? null,
    sourceUrl: line.source_url ?? null,
    location: line.location ?? null,
    postedAt: new Date(line.posted_at ?? now).toISOString(),
    createdAt: line.created_at ? new Date(line.created_at).toISOString() : undefined,
    closedAt: line.closed_at ? new Date(line.closed_at).toISOString() : null,
    manuallyAdded: line.manually_added ?? false,
    stated,
    jobId: line.job_id !== undefined && line.job_id !== '' ? String(line.job_id) : null,
  }
}
