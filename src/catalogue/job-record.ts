import type { Ghost, Reality, RealityClass } from './job-output.ts'

export type { Ghost, Reality, RealityClass }

/**
 * The fully enriched posting as it is written to the catalogue. Importers and the seed generator
 * produce it (through src/ingest/enrich.ts); src/catalogue/job-store.ts stores it. Fixture
 * catalogues in tests build it directly so every facet value is stated, not inferred.
 */
export type WorkMode = 'remote' | 'hybrid' | 'onsite'

/** A derived value's origin: a structured field of the board (or import), a rule reading the text, or a default. */
export type Provenance = 'board' | 'text' | 'default'

export interface CompanyRecord {
  slug: string
  name: string
  tagline?: string | null
  homepage?: string | null
  careersUrl?: string | null
  description?: string | null
  hqCountry?: string | null
  industries?: string[]
  /** Curated sub-industry slugs (a finer cut of `industries`). */
  subindustries?: string[]
  collections?: string[]
  companyType?: string | null
  companySize?: string | null
  yearFounded?: number | null
  employeeCount?: number | null
  organizationType?: string | null
  maturity?: string | null
  ycBatch?: string[]
  ycStatus?: string[]
  ycStage?: string[]
  ycFlags?: string[]
}


export interface JobRecord {
  source: string
  externalId: string
  /** Kept when the posting already exists; generated from title + company otherwise. */
  publicSlug?: string
  company: CompanyRecord
  title: string
  url?: string | null
  sourceUrl?: string | null
  location?: string | null
  /** Already sanitized HTML. */
  descriptionHtml: string
  descriptionText: string
  manuallyAdded?: boolean
  workMode?: WorkMode | null
  role?: string | null
  roleType?: 'people_manager' | null
  aiArchetype?: string | null
  category?: string | null
  seniority?: string | null
  employmentType?: string | null
  relocation?: string | null
  visaSponsorship?: boolean | null
  requiresClearance?: boolean
  englishLevel?: string | null
  educationLevel?: string | null
  postingLanguage?: string | null
  companyType?: string | null
  companySize?: string | null
  salaryMin?: number | null
  salaryMax?: number | null
  salaryCurrency?: string | null
  salaryPeriod?: string | null
  experienceYearsMin?: number | null
  experienceYearsMax?: number | null
  summary?: string | null
  timezoneNote?: string | null
  regions?: string[]
  countries?: string[]
  cities?: { name: string; country: string }[]
  skills?: { slug: string; name: string }[]
  domains?: string[]
  /** Same company + normalized title: the role cluster behind /jobs/{slug}/copies. */
  clusterKey?: string | null
  reality?: Reality | null
  ghost?: Ghost | null
  enrichmentVersion?: number | null
  /** Where each derived value came from, by its API field name (work_mode, salary, countries, skills…). */
  provenance?: Record<string, Provenance> | null
  postedAt: string
  /** First seen here; defaults to now on insert and is never changed by an update. */
  createdAt?: string
  lastSeenAt?: string
  closedAt?: string | null
}
