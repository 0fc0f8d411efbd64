import type { JobRecord } from '../catalogue/job-record.ts'

/**
 * A posting as a source gives it, before enrichment: importers and the seed generator produce it,
 * src/ingest/enrich.ts turns it into a JobRecord. The description is untrusted HTML (sanitized by
 * enrichment); `stated` holds facts the source gives explicitly, which win over what is read from text.
 */
export interface RawPosting
  extends Pick<JobRecord, 'source' | 'externalId' | 'title' | 'company' | 'url' | 'sourceUrl' | 'location' | 'postedAt' | 'createdAt' | 'lastSeenAt' | 'closedAt' | 'manuallyAdded'> {
  /** Untrusted HTML; plain text is accepted too (it becomes paragraphs). */
  description: string
  stated?: StatedFacts
  /** The board's own id of the job (requisition) this posting advertises: postings sharing it are one role. */
  jobId?: string | null
}

/** What a source may state of the enriched fields, as JobRecord stores them; places and skills by name. */
export interface StatedFacts
  extends Pick<
    JobRecord,
    | 'workMode' | 'regions' | 'domains' | 'salaryMin' | 'salaryMax' | 'salaryCurrency' | 'salaryPeriod' | 'employmentType' | 'seniority'
    | 'category' | 'role' | 'roleType' | 'aiArchetype' | 'relocation' | 'visaSponsorship' | 'requiresClearance' | 'englishLevel'
    | 'educationLevel' | 'postingLanguage' | 'experienceYearsMin' | 'experienceYearsMax' | 'companyType' | 'companySize' | 'summary' | 'timezoneNote'
  > {
  /** ISO alpha-2 codes or country names. */
  countries?: string[]
  /** City names in any spelling; resolved to canonical names. */
  cities?: string[]
  /** Skill slugs or names. */
  skills?: string[]
}
