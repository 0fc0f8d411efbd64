import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { dataOf, ref } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'
import { trimmedText } from '../validate.ts'
import { notFound } from '../../errors.ts'
import { deleteProfile, getProfile, LANGUAGE_LEVELS, profileJson, putProfile, SKILL_LEVELS, WORK_MODES } from '../../profile/profile.ts'
import { isCountryCode, isCurrencyCode, SALARY_PERIODS } from '../../vocabulary/iso-codes.ts'
import { REGIONS } from '../../vocabulary/regions.ts'
import { CATEGORIES } from '../../catalogue/tech-category.ts'
import { matchText } from '../../match/skill-match.ts'

const text = trimmedText

const list = <S extends v.GenericSchema>(item: S, max: number, description: string) =>
  v.optional(v.pipe(v.array(item, 'must be an array'), v.maxLength(max, `must have at most ${max} entries`), v.description(description)))

const REGION_VALUES = ['global', ...REGIONS] as const
const region = v.picklist(REGION_VALUES, `must be one of ${REGION_VALUES.join(', ')}`)
const country = v.pipe(v.string('must be a string'), v.check(isCountryCode, 'is not an ISO 3166-1 alpha-2 country code'))
const MAX_PLACES = 50

const LocationPreferencesBody = v.pipe(
  v.object({
    work_modes: list(v.picklist(WORK_MODES, 'must be remote, hybrid or onsite'), 3, 'Acceptable work modes.'),
    remote: v.optional(
      v.object({
        regions: list(region, REGION_VALUES.length, 'Regions remote work may be based in.'),
        countries: list(country, MAX_PLACES, 'Countries remote work may be based in (ISO alpha-2, any case).'),
      }),
    ),
    base: v.optional(
      v.nullable(
        v.object({
          country: v.optional(v.nullable(country)),
          city: v.optional(v.nullable(text(100, 'Home city (a canonical name of GET /geo/cities).'))),
        }),
      ),
    ),
    relocation: v.optional(
      v.object({
        open: v.optional(v.boolean('must be true or false')),
        regions: list(region, REGION_VALUES.length, 'Regions the caller would move to.'),
        countries: list(country, MAX_PLACES, 'Countries the caller would move to.'),
        cities: list(text(100, 'A city.'), MAX_PLACES, 'Cities the caller would move to.'),
      }),
    ),
  }),
  v.description('Where the caller wants to work: `{ work_modes, remote: { regions, countries }, base: { country, city }, relocation: { open, regions, countries, cities } }`; null clears it.'),
)

const ProfileBody = v.object({
  headline: v.optional(v.nullable(text(200, 'One-line professional headline.'))),
  skills: list(
    v.union(
      [
        text(100, 'A skill name or slug.'),
        v.object({
          name: text(100, 'Skill name; resolved to the canonical `skills` facet slug ("Golang" -> go).'),
          level: v.optional(v.nullable(v.picklist(SKILL_LEVELS, `must be one of ${SKILL_LEVELS.join(', ')}`))),
        }),
      ],
      'must be a skill name or { name, level }',
    ),
    200,
    'Skills: plain names or slugs (the reference service\'s spelling), or `{ name, level }` objects with an optional level (beginner, intermediate, advanced, expert).',
  ),
  excluded_skills: list(text(100, 'A skill name or slug.'), 200, 'Skills the caller does not want to work with (stored as canonical slugs).'),
  specializations: list(v.picklist(CATEGORIES, 'must be a job category (the `category` facet vocabulary)'), 5, 'Job categories the caller works in, at most 5.'),
  location_preferences: v.optional(v.nullable(LocationPreferencesBody)),
  years_experience: v.optional(
    v.nullable(v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(0, 'must not be negative'), v.maxValue(70, 'must be at most 70'), v.description('Years of professional experience.'))),
  ),
  desired_roles: list(text(100, 'A role title.'), 20, 'Roles the caller is looking for.'),
  locations: list(text(100, 'A city, country or region.'), 20, 'Places the caller wants to work in.'),
  work_modes: list(v.picklist(WORK_MODES, 'must be remote, hybrid or onsite'), 3, 'Acceptable work modes.'),
  salary_expectation: v.optional(
    v.nullable(
      v.pipe(
        v.object({
          amount: v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be positive'), v.maxValue(1_000_000_000, 'must be at most 1000000000')),
          currency: v.pipe(v.string('must be a string'), v.check(isCurrencyCode, 'is not a three-letter ISO 4217 currency code (uppercase)')),
          period: v.picklist(SALARY_PERIODS, `must be one of ${SALARY_PERIODS.join(', ')}`),
        }),
        v.description('Lowest acceptable salary: { amount, currency (ISO 4217), period }.'),
      ),
    ),
  ),
  languages: list(
    v.object({
      language: text(50, 'Language name or code, e.g. "English" or "en".'),
      level: v.picklist(LANGUAGE_LEVELS, `must be one of ${LANGUAGE_LEVELS.join(', ')}`),
    }),
    20,
    'Spoken languages with a CEFR level (or native).',
  ),
})

const MatchTextBody = v.object({
  title: text(300, 'Job title of the pasted posting.'),
  text: text(100_000, 'The pasted posting text (plain text or HTML).'),
})

const op = operations({ tags: ['profile'], auth: 'session-or-key' })

export function meProfileRoutes(ctx: AppContext): Route[] {
  return [
    op.get('/me/profile', "The caller's profile", {
      description: '`{ data: null }` (200) when the caller has no profile yet, as the reference service answers. Session or API key.',
      responses: { 200: { description: '`{ data: Profile }`, or `{ data: null }` without a profile', schema: dataOf({ oneOf: [ref('Profile'), { type: 'null' }] }) } },
    }, (_event, { caller }) => {
      const profile = getProfile(ctx.db, caller.userId)
      return { data: profile && profileJson(profile) }
    }),
    op.put('/me/profile', 'Create or replace the profile', {
      description: 'The profile becomes exactly the body: omitted fields are emptied. Duplicate skills (same canonical slug) keep the first entry. Besides our fields it takes the reference service\'s: `skills` as plain strings, `excluded_skills`, `specializations` (job categories, at most 5; not required here) and `location_preferences`. In the answer, `skills` are canonical skill slugs (the reference service\'s shape); the name each skill was sent as and its level are in `skill_details`. It adds `derived_location` (the countries, regions and cities the preferences name) and `cv` (always null: no résumé is kept with the profile).',
      body: ProfileBody,
      responses: { 200: { description: '`{ data: Profile }`', schema: dataOf(ref('Profile')) }, 400: 'a field names an invalid value' },
    }, (_event, { caller, body }) => ({ data: profileJson(putProfile(ctx.db, caller.userId, body)) })),
    op.delete('/me/profile', 'Delete the profile', {
      responses: { 204: 'deleted', 404: 'no profile' },
    }, (_event, { caller }) => {
      if (!deleteProfile(ctx.db, caller.userId)) raise()
    }),
    op.post('/me/match-text', 'Skill coverage of a pasted job text against the profile', {
      description: 'Deterministic, no language model: skills are extracted with the enrichment dictionary; `matched` are the ones the profile lists, `missing` the others, `score` = matched share in percent (0 when the text names no skill).',
      body: MatchTextBody,
      responses: { 200: { description: '`{ data: { score, matched, missing } }`', schema: dataOf(ref('SkillMatch')) }, 404: 'the caller has no profile' },
    }, (_event, { caller, body }) => {
      const profile = getProfile(ctx.db, caller.userId) ?? raise()
      return { data: matchText(profile, body.title, body.text) }
    }),
  ]
}

function raise(): never {
  throw notFound('no profile; PUT /me/profile first')
}
