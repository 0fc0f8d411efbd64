import type { DB } from '../db/connection.ts'
import { skillSlug } from '../vocabulary/skill-names.ts'
import { derivedLocation, toLocationPreferences, type LocationPreferences, type LocationPreferencesInput } from './location-preferences.ts'

export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const
export const LANGUAGE_LEVELS = ['a1', 'a2', 'b1', 'b2', 'c1', 'c2', 'native'] as const
export const WORK_MODES = ['remote', 'hybrid', 'onsite'] as const

export interface ProfileSkill {
  name: string
  /** Canonical skill slug (the `skills` facet vocabulary) the name resolved to. */
  slug: string
  level: (typeof SKILL_LEVELS)[number] | null
}

export interface SalaryExpectation {
  amount: number
  currency: string
  period: 'hour' | 'day' | 'week' | 'month' | 'year'
}

export interface ProfileInput {
  headline?: string | null
  /** A plain string is a skill name or slug without a level (the reference service's spelling). */
  skills?: (string | { name: string; level?: ProfileSkill['level'] })[]
  excluded_skills?: string[]
  specializations?: string[]
  location_preferences?: LocationPreferencesInput | null
  years_experience?: number | null
  desired_roles?: string[]
  locations?: string[]
  work_modes?: (typeof WORK_MODES)[number][]
  salary_expectation?: SalaryExpectation | null
  languages?: { language: string; level: (typeof LANGUAGE_LEVELS)[number] }[]
}

export interface Profile {
  headline: string | null
  skills: ProfileSkill[]
  years_experience: number | null
  desired_roles: string[]
  locations: string[]
  work_modes: (typeof WORK_MODES)[number][]
  salary_expectation: SalaryExpectation | null
  languages: { language: string; level: (typeof LANGUAGE_LEVELS)[number] }[]
  specializations: string[]
  excluded_skills: string[]
  location_preferences: LocationPreferences | null
  derived_location: { countries: string[]; regions: string[]; cities: string[] } | null
  /** The professional résumé view of the reference service; no résumé is kept with the profile here. */
  cv: null
  created_at: string
  updated_at: string
}

/**
 * The profile as the API answers it: `skills` are canonical slugs, the reference service's
 * spelling (its web app lower-cases each entry as a string), and `skill_details` keeps what we know
 * beyond it, each skill's name as given and its level.
 */
export type ProfileJson = Omit<Profile, 'skills'> & { skills: string[]; skill_details: ProfileSkill[] }

export function profileJson(profile: Profile): ProfileJson {
  return { ...profile, skills: profile.skills.map((skill) => skill.slug), skill_details: profile.skills }
}

interface ProfileRow {
  headline: string | null
  skills: string
  years_experience: number | null
  desired_roles: string
  locations: string
  work_modes: string
  salary_min: number | null
  salary_currency: string | null
  salary_period: SalaryExpectation['period'] | null
  languages: string
  specializations: string
  excluded_skills: string
  location_preferences: string | null
  created_at: string
  updated_at: string
}

function toProfile(row: ProfileRow): Profile {
  return {
    headline: row.headline,
    skills: JSON.parse(row.skills),
    years_experience: row.years_experience,
    desired_roles: JSON.parse(row.desired_roles),
    locations: JSON.parse(row.locations),
    work_modes: JSON.parse(row.work_modes),
    salary_expectation:
      row.salary_min !== null && row.salary_currency && row.salary_period
        ? { amount: row.salary_min, currency: row.salary_currency, period: row.salary_period }
        : null,
    languages: JSON.parse(row.languages),
    specializations: JSON.parse(row.specializations),
    excluded_skills: JSON.parse(row.excluded_skills),
    location_preferences: row.location_preferences ? JSON.parse(row.location_preferences) : null,
    derived_location: derivedLocation(row.location_preferences ? JSON.parse(row.location_preferences) : null),
    cv: null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

export function getProfile(db: DB, userId: number): Profile | null {
  const row = db.prepare('SELECT * FROM profiles WHERE user_id = ?').get(userId) as ProfileRow | undefined
  return row ? toProfile(row) : null
}

/** One entry per canonical skill: the first spelling wins, a later duplicate is dropped. */
function resolveSkills(skills: ProfileInput['skills'] = []): ProfileSkill[] {
  const seen = new Set<string>()
  const out: ProfileSkill[] = []
  for (const entry of skills) {
    const skill = typeof entry === 'string' ? { name: entry } : entry
    const name = skill.name.trim()
    const slug = skillSlug(name)
    if (!slug || seen.has(slug)) continue
    seen.add(slug)
    out.push({ name, slug, level: skill.level ?? null })
  }
  return out
}

const unique = (values: string[] = []) => [...new Set(values.map((value) => value.trim()).filter(Boolean))]

/** PUT semantics: the profile becomes exactly `input` (omitted fields are emptied); created_at survives. */
export function putProfile(db: DB, userId: number, input: ProfileInput, now = new Date().toISOString()): Profile {
  const row = {
    userId,
    headline: input.headline?.trim() || null,
    skills: JSON.stringify(resolveSkills(input.skills)),
    yearsExperience: input.years_experience ?? null,
    desiredRoles: JSON.stringify(unique(input.desired_roles)),
    locations: JSON.stringify(unique(input.locations)),
    workModes: JSON.stringify([...new Set(input.work_modes ?? [])]),
    salaryMin: input.salary_expectation?.amount ?? null,
    salaryCurrency: input.salary_expectation?.currency ?? null,
    salaryPeriod: input.salary_expectation?.period ?? null,
    languages: JSON.stringify(input.languages ?? []),
    specializations: JSON.stringify(unique(input.specializations)),
    excludedSkills: JSON.stringify(unique((input.excluded_skills ?? []).map((name) => skillSlug(name) || name.trim().toLowerCase()))),
    locationPreferences: input.location_preferences ? JSON.stringify(toLocationPreferences(input.location_preferences)) : null,
    now,
  }
  const saved = db
    .prepare(
      `INSERT INTO profiles (user_id, headline, skills, years_experience, desired_roles, locations, work_modes,
         salary_min, salary_currency, salary_period, languages, specializations, excluded_skills, location_preferences,
         created_at, updated_at)
       VALUES (@userId, @headline, @skills, @yearsExperience, @desiredRoles, @locations, @workModes,
         @salaryMin, @salaryCurrency, @salaryPeriod, @languages, @specializations, @excludedSkills, @locationPreferences,
         @now, @now)
       ON CONFLICT (user_id) DO UPDATE SET headline = excluded.headline, skills = excluded.skills,
         years_experience = excluded.years_experience, desired_roles = excluded.desired_roles,
         locations = excluded.locations, work_modes = excluded.work_modes, salary_min = excluded.salary_min,
         salary_currency = excluded.salary_currency, salary_period = excluded.salary_period,
         languages = excluded.languages, specializations = excluded.specializations,
         excluded_skills = excluded.excluded_skills, location_preferences = excluded.location_preferences,
         updated_at = excluded.updated_at
       RETURNING *`,
    )
    .get(row) as ProfileRow
  return toProfile(saved)
}

export function deleteProfile(db: DB, userId: number): boolean {
  return db.prepare('DELETE FROM profiles WHERE user_id = ?').run(userId).changes > 0
}
