import type { JobRecord, Provenance } from '../catalogue/job-record.ts'
import { slugify } from '../vocabulary/slug.ts'
import { detectDomains } from '../vocabulary/domains.ts'
import { extractSkills, findSkill, type Skill } from '../vocabulary/skills.ts'
import { classifyTitle, seniorityFromYears } from '../vocabulary/titles.ts'
import { withoutBoilerplate } from './boilerplate.ts'
import { detectLanguage } from './language.ts'
import { headerLocationOf, resolveLocation } from './location.ts'
import type { RawPosting, StatedFacts } from './raw-posting.ts'
import { assessGhost, assessReality, type RealityContext } from './reality.ts'
import { roleKeyOf } from './role-key.ts'
import { parseSalary } from './salary.ts'
import { memoize } from './memo.ts'
import { descriptionToHtml, htmlToText } from './sanitize.ts'
import * as read from './signals.ts'
import { aiArchetypeOf, companyTypeFromText, summaryOf, timezoneNoteOf } from './text-facts.ts'

/** Bumped whenever a rule changes what enrichment derives, so stored postings can be re-enriched. */
export const ENRICHMENT_VERSION = 3

/**
 * The role cluster of a posting: one job of one company, reposted or listed per city, shares it
 * (one card in search, /jobs/{slug}/copies); different jobs never do. When the board names the job
 * its postings advertise (Greenhouse's internal job id), that identity is the key:
 * `company:job:source:id`. Else `company:role:seniority:employment type`, where the role is the title
 * without what only says where, how or which opening (src/ingest/role-key.ts: "Senior Backend
 * Engineer (Go) - Berlin" -> backend-engineer-go), and seniority and employment type are the
 * enriched ones (empty when unknown): a junior and a senior opening, or a contract and a permanent
 * one, are two roles.
 */
export function clusterKeyOf(
  companySlug: string,
  title: string,
  seniority: string | null | undefined,
  employmentType: string | null | undefined,
  job?: { source: string; id: string | null | undefined },
): string {
  if (job?.id) return `${companySlug}:job:${job.source}:${job.id}`
  return `${companySlug}:${roleKey(title)}:${seniority ?? ''}:${employmentType ?? ''}`
}

const titleFacts = memoize(classifyTitle)
const roleKey = memoize(roleKeyOf)
const locationOf = memoize((location: string) => resolveLocation(location))

function withoutName(text: string, name: string): string {
  return name.length > 2 ? text.split(name).join(' ') : text
}

/** Stated facts by the API name of the value they give. */
const STATED: Record<string, (keyof StatedFacts)[]> = {
  work_mode: ['workMode'], salary: ['salaryMin', 'salaryMax'], countries: ['countries'], cities: ['cities'], regions: ['regions', 'countries'],
  skills: ['skills'], seniority: ['seniority'], employment_type: ['employmentType'], category: ['category'],
  experience_years: ['experienceYearsMin', 'experienceYearsMax'],
}

/**
 * Where each derived value came from: a fact the source states (a board's remote flag, salary
 * object, country list or skill tags) is `board`; a value a rule read from the title, location text
 * or description is `text`; a value assumed for want of any is `default`. Unknown values are left out.
 */
function provenanceOf(raw: RawPosting, values: Record<string, unknown>, fixed: Record<string, Provenance | undefined>): Record<string, Provenance> {
  const stated = raw.stated ?? {}
  const out: Record<string, Provenance> = {}
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue
    const given = (STATED[name] ?? []).some((key) => {
      const fact = stated[key]
      return fact !== null && fact !== undefined && !(Array.isArray(fact) && !fact.length)
    })
    out[name] = fixed[name] ?? (given ? 'board' : 'text')
  }
  out.domains = raw.stated?.domains?.length ? 'board' : (fixed.domains ?? 'text')
  return out
}

const first = <T>(...values: (T | null | undefined)[]): T | null => {
  for (const value of values) if (value !== null && value !== undefined) return value
  return null
}

export interface EnrichContext extends RealityContext {
  /** Paragraphs the posting's employer repeats across its postings (src/ingest/boilerplate.ts): not read for skills. */
  boilerplate: ReadonlySet<string>
}

/**
 * Derives every facet attribute of a posting deterministically from its title, location and text.
 * Facts the source states win. `context` tells the posting's surroundings for the reality signal
 * (defaults: now, no reposts).
 */
export function enrichPosting(raw: RawPosting, context: Partial<EnrichContext> = {}): JobRecord {
  const stated = raw.stated ?? {}
  const descriptionHtml = descriptionToHtml(raw.description)
  const descriptionText = htmlToText(descriptionHtml)
  const text = `${raw.title}\n${descriptionText}`

  const title = titleFacts(raw.title)
  const years = read.readsExperienceYears(descriptionText)
  // A forum post has no location field: its header line ("Acme | Engineer | Berlin | Remote") is one.
  const place = raw.location?.trim() ? raw.location : headerLocationOf(descriptionText)
  const location = stated.countries || stated.cities ? resolveLocation(place, { countries: stated.countries, cities: stated.cities }) : locationOf(place ?? '')
  // The location field names the primary mode ("London or Remote"); the text is read when it names none.
  const workMode = first(stated.workMode, location.mode, read.readsWorkMode(text))
  const regions = new Set(stated.regions ?? location.regions)
  if (workMode === 'remote' && (read.readsWorldwide(text) || regions.has('global'))) regions.add('global')
  if (workMode !== 'remote') regions.delete('global')

  const skills = new Map<string, Skill>()
  for (const name of stated.skills ?? []) {
    const skill = findSkill(name) ?? { slug: slugify(name), name }
    if (skill.slug) skills.set(skill.slug, skill)
  }
  // Skills come from the posting's own words: not from the employer's boilerplate and "about us"
  // sections, nor from the company's own name ("Signal Robotics", "Nova Cloud").
  if (!stated.skills?.length) {
    for (const skill of extractSkills(withoutName(withoutBoilerplate(text, context.boilerplate, raw.company.name), raw.company.name))) skills.set(skill.slug, skill)
  }

  const statedSalary = stated.salaryMin != null || stated.salaryMax != null
  const salary = statedSalary ? null : parseSalary(descriptionText, { country: location.countries.length === 1 ? location.countries[0] : null })
  const category = first(stated.category, title.category)
  const companyText = [raw.company.description, raw.company.tagline, ...(raw.company.industries ?? [])].filter(Boolean).join('\n')
  // The business a posting is about is told in its opening lines and the company's own words.
  const domains = stated.domains ?? detectDomains(`${raw.title}\n${descriptionText.slice(0, 400)}\n${companyText}`)

  const now = context.now ?? new Date()
  const reality = assessReality(raw.postedAt, raw.createdAt, { now, clusterSize: context.clusterSize ?? 1, massPostingCount: context.massPostingCount ?? 1 })
  const hasSalary = statedSalary || salary !== null
  const ghost = raw.closedAt ? null : assessGhost(reality, { hasSalary, textLength: descriptionText.length, skillCount: skills.size })

  const seniority = first(stated.seniority, title.seniority, seniorityFromYears(years.min))
  const employmentType = first(stated.employmentType, read.readsEmploymentType(raw.title, descriptionText))
  const experienceMin = stated.experienceYearsMin !== undefined ? stated.experienceYearsMin : years.min
  const experienceMax = stated.experienceYearsMax !== undefined ? stated.experienceYearsMax : years.max
  const provenance = provenanceOf(
    raw,
    {
      work_mode: workMode,
      salary: hasSalary || null,
      countries: location.countries.length || null,
      cities: location.cities.length || null,
      regions: regions.size || null,
      skills: skills.size || null,
      seniority,
      employment_type: employmentType,
      category,
      experience_years: experienceMin ?? experienceMax,
    },
    { domains: domains.length ? 'text' : 'default', category: category === 'other' ? 'default' : undefined },
  )
  return {
    source: raw.source,
    externalId: raw.externalId,
    company: raw.company,
    title: raw.title.trim(),
    url: raw.url ?? null,
    sourceUrl: raw.sourceUrl ?? null,
    location: raw.location ?? null,
    descriptionHtml,
    descriptionText,
    manuallyAdded: raw.manuallyAdded ?? false,
    workMode,
    role: first(stated.role, title.role),
    roleType: first(stated.roleType, title.roleType),
    aiArchetype: first(stated.aiArchetype, aiArchetypeOf(raw.title, descriptionText, category)),
    category,
    seniority,
    employmentType,
    relocation: first(stated.relocation, read.readsRelocation(descriptionText)),
    visaSponsorship: first(stated.visaSponsorship, read.readsVisaSponsorship(descriptionText)),
    requiresClearance: stated.requiresClearance ?? read.readsClearance(text),
    englishLevel: first(stated.englishLevel, read.readsEnglishLevel(descriptionText)),
    educationLevel: first(stated.educationLevel, read.readsEducationLevel(descriptionText)),
    postingLanguage: first(stated.postingLanguage, detectLanguage(descriptionText)),
    companyType: first(stated.companyType, raw.company.companyType, companyTypeFromText(`${descriptionText.slice(0, 600)}\n${companyText}`)),
    companySize: first(stated.companySize, raw.company.companySize),
    salaryMin: statedSalary ? (stated.salaryMin ?? null) : (salary?.min ?? null),
    salaryMax: statedSalary ? (stated.salaryMax ?? null) : (salary?.max ?? null),
    salaryCurrency: statedSalary ? (stated.salaryCurrency?.toUpperCase() ?? null) : (salary?.currency ?? null),
    salaryPeriod: statedSalary ? (stated.salaryPeriod ?? null) : (salary?.period ?? null),
    experienceYearsMin: experienceMin,
    experienceYearsMax: experienceMax,
    summary: first(stated.summary, summaryOf(descriptionText)),
    timezoneNote: first(stated.timezoneNote, timezoneNoteOf(descriptionText)),
    regions: [...regions],
    countries: [...location.countries],
    cities: location.cities.map((city) => ({ ...city })),
    skills: [...skills.values()],
    domains: domains.length ? domains : ['other'],
    clusterKey: clusterKeyOf(raw.company.slug, raw.title, seniority, employmentType, { source: raw.source, id: raw.jobId }),
    reality,
    ghost,
    enrichmentVersion: ENRICHMENT_VERSION,
    provenance,
    postedAt: raw.postedAt,
    createdAt: raw.createdAt,
    lastSeenAt: raw.lastSeenAt,
    closedAt: raw.closedAt ?? null,
  }
}
