import { findSkill } from '../vocabulary/skills.ts'
import { findCity } from '../vocabulary/cities.ts'
import { REGIONS } from '../vocabulary/regions.ts'

/**
 * The structured fields of a submission, sanitised the way the contract asks: values outside the
 * catalogue's vocabularies are dropped (never an error), so a stale client never blocks a submission.
 */
export const WORK_MODES = ['remote', 'hybrid', 'onsite'] as const
export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'internship', 'fellowship'] as const
export const SENIORITIES = ['intern', 'junior', 'middle', 'senior', 'lead', 'staff', 'principal', 'c_level'] as const
export const SALARY_PERIODS = ['year', 'month', 'day', 'hour'] as const

export interface SubmissionFacets {
  skills?: string[]
  regions?: string[]
  cities?: string[]
  work_mode?: string
  employment_type?: string
  seniority?: string
  salary_min?: number
  salary_max?: number
  salary_currency?: string
  salary_period?: string
}

export type FacetInput = { [K in keyof SubmissionFacets]?: unknown }

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string' && s.length <= 200) : [])
const oneOf = (values: readonly string[], value: unknown) => (typeof value === 'string' && values.includes(value) ? value : undefined)
const amount = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined)
const unique = (values: string[]) => [...new Set(values)]

export function sanitizeFacets(input: FacetInput): SubmissionFacets {
  const facets: SubmissionFacets = {
    skills: unique(strings(input.skills).map((s) => findSkill(s)?.slug).filter((s): s is string => Boolean(s))).slice(0, 50),
    regions: unique(strings(input.regions).map((r) => r.toLowerCase()).filter((r) => (REGIONS as readonly string[]).includes(r) || r === 'global')),
    cities: unique(strings(input.cities).map((c) => findCity(c)?.name).filter((c): c is string => Boolean(c))).slice(0, 20),
    work_mode: oneOf(WORK_MODES, input.work_mode),
    employment_type: oneOf(EMPLOYMENT_TYPES, input.employment_type),
    seniority: oneOf(SENIORITIES, input.seniority),
    salary_min: amount(input.salary_min),
    salary_max: amount(input.salary_max),
    salary_currency: typeof input.salary_currency === 'string' && /^[A-Za-z]{3}$/.test(input.salary_currency) ? input.salary_currency.toUpperCase() : undefined,
    salary_period: oneOf(SALARY_PERIODS, input.salary_period),
  }
  if (facets.salary_min !== undefined && facets.salary_max !== undefined && facets.salary_min > facets.salary_max) {
    delete facets.salary_min
    delete facets.salary_max
  }
  for (const key of Object.keys(facets) as (keyof SubmissionFacets)[]) {
    const value = facets[key]
    if (value === undefined || (Array.isArray(value) && value.length === 0)) delete facets[key]
  }
  return facets
}
