import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { getScreeningAnswers, updateScreeningAnswers } from '../../profile/screening.ts'
import { isCountryCode, isCurrencyCode, SALARY_PERIODS } from '../../vocabulary/iso-codes.ts'
import { dataOf, ref } from '../openapi-shapes.ts'

const optionalBoolean = (description: string) => v.optional(v.nullable(v.pipe(v.boolean('must be true, false or null'), v.description(description))))

/**
 * The spec asks for a 400 naming the invalid value: each check names the field (and list position)
 * and quotes the value, cut short. These are the caller's own non-secret answers, so quoting is safe.
 */
const naming = (problem: string) => (issue: v.BaseIssue<unknown>) => `${JSON.stringify(issue.input).slice(0, 40)} ${problem}`

/** A whole number in [min, max] or null; below min is named with `tooSmall`. */
const optionalWhole = (min: number, max: number, tooSmall: string, description: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.number('must be a number'),
        v.integer('must be a whole number'),
        v.minValue(min, naming(tooSmall)),
        v.maxValue(max, `must be at most ${max}`),
        v.description(description),
      ),
    ),
  )

const ScreeningBody = v.object({
  authorized_countries: v.optional(
    v.pipe(
      v.array(v.pipe(v.string('must be a string'), v.check(isCountryCode, naming('is not an ISO 3166-1 alpha-2 country code'))), 'must be an array of country codes'),
      v.maxLength(250, 'must list at most 250 countries'),
      v.description('Countries the caller may work in without sponsorship: ISO 3166-1 alpha-2 codes (served uppercase).'),
    ),
  ),
  visa_sponsorship_needed: optionalBoolean('Needs visa sponsorship to take a job.'),
  desired_salary_amount: optionalWhole(1, 1_000_000_000, 'is not positive: the salary must be positive', 'Desired salary in desired_salary_currency per desired_salary_period; positive.'),
  desired_salary_currency: v.optional(
    v.nullable(
      v.pipe(v.string('must be a string'), v.check(isCurrencyCode, naming('is not a three-letter ISO 4217 currency code (uppercase)')), v.description('ISO 4217 code, e.g. EUR.')),
    ),
  ),
  desired_salary_period: v.optional(
    v.nullable(v.pipe(v.picklist(SALARY_PERIODS, naming(`is not a period: use one of ${SALARY_PERIODS.join(', ')}`)), v.description('Period the salary amount is per.'))),
  ),
  notice_period_days: optionalWhole(0, 3650, 'is negative: the notice period must not be negative', 'Days of notice before the caller can start; 0 = immediately.'),
  willing_to_relocate: optionalBoolean('Willing to move for a job.'),
  age_18_or_older: optionalBoolean('At least 18 years old.'),
})

const op = operations({ tags: ['profile'], auth: 'session' })

export function meScreeningRoutes(ctx: AppContext): Route[] {
  return [
    op.get('/me/screening-answers', "The caller's screening answers", {
      description: 'Every field, null (an empty list for the countries) when not answered.',
      responses: { 200: { description: '`{ data: ScreeningAnswers }`', schema: dataOf(ref('ScreeningAnswers')) } },
    }, (_event, { caller }) => ({ data: getScreeningAnswers(ctx.db, caller.userId) })),
    op.put('/me/screening-answers', 'Update screening answers (partial)', {
      description: 'Any subset of the fields; omitted fields stay unchanged and null clears one. Returns the full answers.',
      body: ScreeningBody,
      responses: { 200: { description: 'the full screening answers', schema: dataOf(ref('ScreeningAnswers')) }, 400: 'a field names an invalid value' },
    }, (_event, { caller, body }) => ({ data: updateScreeningAnswers(ctx.db, caller.userId, body) })),
  ]
}
