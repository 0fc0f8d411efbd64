/**
 * The Job object as the API serves it (src/catalogue/job-json.ts writes it; unknown fields are
 * omitted, never null): one type for the encoder's callers and the search page, which imports it as
 * a type only. Kept free of imports so the browser bundle can read it.
 */
export type RealityClass = 'fresh' | 'stale' | 'likely-evergreen'

export interface Reality {
  class: RealityClass
  age_days: number
  repost_count: number
  mass_posting_count: number
  fake_freshness: boolean
}

export interface Ghost {
  level: 'possible' | 'likely'
  criteria: string[]
  criteria_total: number
  contributors: number
  ats_checked_at?: string
}

export interface JobEnrichment {
  summary?: string
  employment_type?: string
  relocation?: string
  visa_sponsorship?: boolean
  timezone_note?: string
  salary_min?: number
  salary_max?: number
  salary_currency?: string
  salary_period?: string
  seniority?: string
  experience_years_min?: number
  english_level?: string
  education_level?: string
  category?: string
  domains?: string[]
  posting_language?: string
  company_type?: string
  company_size?: string
  /** The stated salary as a year in the reference currency (src/catalogue/salary-normalized.ts). */
  salary_normalized?: { min: number | null; max: number | null; currency: string; period: 'year'; rates_date: string }
}

export interface Job {
  public_slug: string
  title: string
  company: string
  company_slug?: string
  url?: string
  location?: string
  source?: string
  external_id?: string
  manually_added?: boolean
  description?: string
  regions?: string[]
  countries?: string[]
  cities?: string[]
  work_mode?: string
  skills?: string[]
  collections?: string[]
  role?: string
  is_tech?: string
  requires_clearance?: boolean
  posted_at?: string
  created_at?: string
  updated_at?: string
  last_seen_at?: string
  closed_at?: string | null
  enrichment?: JobEnrichment
  enriched_at?: string
  enrichment_version?: number
  my_vote?: number | null
  reality?: Reality | null
  ghost?: Ghost | null
  view_count?: number
  applied_count?: number
  upvote_count?: number
  downvote_count?: number
  /** Search cards (one per role): the role's other open postings, and their places. */
  copies_count?: number
  locations_also?: string[]
}
