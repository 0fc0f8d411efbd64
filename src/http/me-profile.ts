import * as v from 'valibot'
import type { AppContext } from '../context.ts'
import { defineOperation, type Route } from './route.ts'
import { notFound } from '../errors.ts'
import { deleteProfile, getProfile, LANGUAGE_LEVELS, putProfile, SKILL_LEVELS, WORK_MODES } from '../me/profile.ts'
import { isCurrencyCode, SALARY_PERIODS } from '../me/iso-codes.ts'
import { matchText } from '../me/match.ts'

const text = (max: number, description: string) =>
  v.pipe(v.string('must be a string'), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(max, `must be at most ${max} characters`), v.description(description))

const list = <S extends v.GenericSchema>(item: S, max: number, description: string) =>
  v.optional(v.pipe(v.array(item, 'must be an array'), v.maxLength(max, `must have at most ${max} entries`), v.description(description)))

const ProfileBody = v.object({
  headline: v.optional(v.nullable(text(200, 'One-line professional headline.'))),
  skills: list(
    v.object({
      name: text(100, 'Skill name; resolved to the canonical `skills` facet slug ("Golang" -> go).'),
      level: v.optional(v.nullable(v.picklist(SKILL_LEVELS, `must be one of ${SKILL_LEVELS.join(', ')}`))),
    }),
    200,
    'Skills with an optional level (beginner, intermediate, advanced, expert).',
  ),
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

export function meProfileRoutes(ctx: AppContext): Route[] {
  return [
    defineOperation(
      { method: 'GET', path: '/me/profile', summary: "The caller's profile", tags: ['profile'], auth: 'session-or-key', responses: { 404: 'no profile yet' } },
      (_event, { caller }) => ({ data: getProfile(ctx.db, caller.userId) ?? raise() }),
    ),
    defineOperation(
      {
        method: 'PUT',
        path: '/me/profile',
        summary: 'Create or replace the profile',
        description: 'The profile becomes exactly the body: omitted fields are emptied. Duplicate skills (same canonical slug) keep the first entry.',
        tags: ['profile'],
        auth: 'session-or-key',
        body: ProfileBody,
      },
      (_event, { caller, body }) => ({ data: putProfile(ctx.db, caller.userId, body) }),
    ),
    defineOperation(
      { method: 'DELETE', path: '/me/profile', summary: 'Delete the profile', tags: ['profile'], auth: 'session-or-key', responses: { 204: 'deleted', 404: 'no profile' } },
      (event, { caller }) => {
        if (!deleteProfile(ctx.db, caller.userId)) raise()
        event.res.status = 204
        return null
      },
    ),
    defineOperation(
      {
        method: 'POST',
        path: '/me/match-text',
        summary: 'Skill coverage of a pasted job text against the profile',
        description:
          'Deterministic, no language model: skills are extracted with the enrichment dictionary; `matched` are the ones the profile lists, `missing` the others, `score` = matched share in percent (0 when the text names no skill).',
        tags: ['profile'],
        auth: 'session-or-key',
        body: MatchTextBody,
        responses: { 404: 'the caller has no profile' },
      },
      (_event, { caller, body }) => {
        const profile = getProfile(ctx.db, caller.userId) ?? raise()
        return { data: matchText(profile, body.title, body.text) }
      },
    ),
  ]
}

function raise(): never {
  throw notFound('no profile; PUT /me/profile first')
}
