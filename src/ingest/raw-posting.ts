import type { CompanyRecord, WorkMode } from '../catalogue/job-record.ts'

/**
 * A posting as a source gives it, before enrichment: importers and the seed generator produce it,
 * src/ingest/enrich.ts turns it into a JobRecord. The description is untrusted HTML (sanitized by
 * enrichment); `stated` holds facts the source gives explicitly, which win over what is read from text.
 */
export interface RawPosting {
  source: string
  externalId: string
  title: string
  company: CompanyRecord
  /** Untrusted HTML; plain text is accepted too (it becomes paragraphs). */
  description: string
  url?: string | null
  sourceUrl?: string | null
  location?: string | null
  postedAt: string
  createdAt?: string
  lastSeenAt?: string
  closedAt?: string | null
  manuallyAdded?: boolean
  stated?: StatedFacts
}

export interface StatedFacts {
  workMode?: WorkMode | null
  /** ISO alpha-2 codes or country names. */
  countries?: string[]
  /** City names in any spelling; resolved to canonical names. */
  cities?: string[]
  regions?: string[]
  /** Skill slugs or names. */
  skills?: string[]
  domains?: string[]
  salaryMin?: number | null
  salaryMax?: number | null
  salaryCurrency?: string | null
  salaryPeriod?: string | null
  employmentType?: string | null
  seniority?: string | null
  category?: string | null
  role?: string | null
  roleType?: 'people_manager' | null
  aiArchetype?: string | null
  relocation?: string | null
  visaSponsorship?: boolean | null
  requiresClearance?: boolean
  englishLevel?: string | null
  educationLevel?: string | null
  postingLanguage?: string | null
  experienceYearsMin?: number | null
  experienceYearsMax?: number | null
  companyType?: string | null
  companySize?: string | null
  summary?: string | null
  timezoneNote?: string | null
}
