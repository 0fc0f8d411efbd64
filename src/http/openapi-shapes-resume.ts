import { PROVENANCES } from '../experience/bank.ts'
import { SALARY_PERIODS } from '../vocabulary/iso-codes.ts'
import { marketCoverage, object, ref } from './openapi-shapes.ts'
import { str, strings, bool, int, count, percent, time, uuid, nullable, list, type JsonObject } from './openapi-json.ts'

/**
 * Response shapes of the résumé and profile-side operations (résumé and contacts, photo, experience
 * bank, verdict and ATS report, screening answers, autofill, skill matches): JSON Schema components
 * of the OpenAPI document; test/http/routes/openapi-responses-resume.test.ts validates real
 * responses against them.
 */

const optional = (properties: Record<string, JsonObject>, description?: string) => object(properties, [], description)

const contactProperties = { full_name: str, email: str, phone: str, location: str, links: strings }
const skillMatchProperties = {
  score: { ...percent, description: 'the matched share of the posting’s skills (0 when it names none)' },
  matched: { ...strings, description: 'skill slugs your profile lists' },
  missing: { ...strings, description: 'skill slugs your profile lacks' },
}
const atomProperties = {
  id: uuid,
  employment_id: uuid,
  claim: str,
  context: str,
  metrics: strings,
  skills: { ...strings, description: 'skill slugs' },
  provenance: { type: 'string', enum: [...PROVENANCES] },
  source_ref: str,
}
const atomRequired = ['id', 'claim', 'metrics', 'skills', 'provenance']
const atomView = object(
  {
    ...atomProperties,
    needs_context: bool,
    needs_metrics: bool,
    cluster_id: { ...uuid, description: 'on claims that nearly repeat another: the id naming their group' },
  },
  [...atomRequired, 'needs_context', 'needs_metrics'],
)
const employmentProperties = {
  id: uuid,
  kind: { type: 'string', enum: ['job', 'project'] },
  company: { ...str, description: 'jobs' },
  name: { ...str, description: 'projects' },
  role: str,
  location: str,
  start: str,
  end: str,
  current: bool,
  summary: str,
  link: str,
  stack: { ...strings, description: 'skill slugs' },
}
const employmentRequired = ['id', 'kind', 'current', 'stack']

export const RESUME_SCHEMAS: Record<string, JsonObject> = {
  StructuredResume: optional(
    {
      full_name: str, headline: str, location: str, email: str, phone: str, summary: str,
      total_years: { type: 'number', minimum: 0 },
      experience: list(optional({ title: str, company: str, location: str, start: str, end: str, summary: str, highlights: strings, stack: strings })),
      education: list(optional({ degree: str, institution: str, year: str })),
      languages: strings,
      links: strings,
      skills: { ...strings, description: 'skill slugs' },
      certifications: strings,
      projects: list(optional({ name: str, link: str, highlights: strings })),
    },
    'The résumé as parsed; each field absent when not found.',
  ),
  Contacts: optional(contactProperties, 'Contact details: those you set override the parsed ones; each absent when unknown.'),
  ResumeMeta: object(
    {
      enabled: { type: 'boolean', const: true },
      present: bool,
      uploaded_at: nullable(time),
      structured: { oneOf: [ref('StructuredResume'), { type: 'null' }], description: 'null before an upload and when the parse failed' },
      structure_pending: { type: 'boolean', const: false },
      parse_status: { type: 'string', enum: ['ready', 'failed'] },
      parse_detail: { ...str, description: 'why the parse failed' },
      contacts: ref('Contacts'),
      max_bytes: { ...count, description: 'GET only: the largest file an upload may send (RESUME_MAX_BYTES)' },
    },
    ['enabled', 'present', 'uploaded_at', 'structured', 'structure_pending'],
    'The stored résumé and its parse.',
  ),
  ResumeFacts: object({ skills: { ...strings, description: 'skill slugs' }, categories: strings, seniority: str }, ['skills', 'categories']),
  PhotoMeta: object(
    {
      enabled: { type: 'boolean', const: true },
      present: bool,
      uploaded_at: time,
      content_type: { type: 'string', enum: ['image/jpeg', 'image/png', 'image/webp'] },
      width: { type: 'integer', minimum: 1 },
      height: { type: 'integer', minimum: 1 },
      bytes: { type: 'integer', minimum: 1 },
      updated_at: time,
    },
    ['enabled', 'present'],
    'Whether you have a profile photo; the rest is present with one.',
  ),
  Employment: object(employmentProperties, employmentRequired, 'A job or project of the experience bank.'),
  Atom: object(atomProperties, atomRequired, 'One claim of the experience bank.'),
  ExperienceBank: object({
    employments: list(object({ ...employmentProperties, atoms: list(atomView) }, [...employmentRequired, 'atoms'])),
    unplaced: { ...list(atomView), description: 'claims under no employment' },
  }),
  Verdict: marketCoverage(
    {
      status: { type: 'string', enum: ['strong', 'hidden', 'adjacent', 'missing'], description: 'the skill read against the profile and the résumé' },
      market_status: { type: 'string', enum: ['covered', 'partial', 'missing'], description: 'the market coverage’s own reading' },
    },
    { coherence_percent: { ...percent, description: 'the share of profile skills the stored résumé shows' } },
    'How your profile and résumé meet the market of your role.',
  ),
  AtsReport: object({
    overall: percent,
    potential: { ...percent, description: 'the score with every recommended keyword added' },
    categories: list(
      object({
        id: { type: 'string', enum: ['keyword_strength', 'format_compliance', 'section_completeness', 'content_quality', 'length_density'] },
        label: str,
        score: count,
        max: count,
        items: list(object({ points: count, text: str, status: { type: 'string', enum: ['pass', 'warn', 'fail'] } })),
      }),
    ),
    strong_keywords: strings,
    recommended_keywords: { ...strings, maxItems: 10 },
    reviewed: { ...bool, description: 'false: no language model reviewed it' },
  }),
  ScreeningAnswers: object({
    authorized_countries: { ...strings, description: 'ISO 3166-1 alpha-2, uppercase' },
    visa_sponsorship_needed: nullable(bool),
    desired_salary_amount: nullable(int),
    desired_salary_currency: nullable({ ...str, description: 'ISO 4217' }),
    desired_salary_period: { type: ['string', 'null'], enum: [...SALARY_PERIODS, null] },
    notice_period_days: nullable(count),
    willing_to_relocate: nullable(bool),
    age_18_or_older: nullable(bool),
  }),
  AutofillProfile: object(
    Object.fromEntries(
      ['full_name', 'first_name', 'last_name', 'email', 'phone', 'location', 'linkedin', 'github', 'portfolio', 'authorized_countries', 'visa_sponsorship_needed', 'desired_salary', 'notice_period', 'willing_to_relocate', 'age_18_or_older'].map((name) => [name, str]),
    ),
    undefined,
    'What autofill types into application forms; every field a string, empty when unknown.',
  ),
  FillPlan: object({ filled: strings, deferred: strings, unmapped: strings }, undefined, 'Field labels of a captured application form, by what autofill does with them.'),
  SkillMatch: object(skillMatchProperties),
  JobSkillMatch: object({
    ...skillMatchProperties,
    checks: list(object({ name: { type: 'string', enum: ['work_mode', 'experience', 'salary'] }, status: { type: 'string', enum: ['match', 'mismatch', 'unknown'] }, detail: str })),
    total: count,
    exact_count: count,
    adjacent_count: { type: 'integer', const: 0 },
    adjacent: { type: 'array', maxItems: 0, items: object({ name: str, via: str }) },
    coverage_percent: percent,
    blockers: { type: 'array', maxItems: 0, items: str },
  }),
}
