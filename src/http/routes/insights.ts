import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { dataOf, listOf, object } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'
import { intParam } from '../validate.ts'
import { badRequest } from '../../errors.ts'
import { JOB_CATEGORIES, SENIORITY_LEVELS } from '../../vocabulary/titles.ts'
import { currentRollup } from '../../insights/insights.ts'
import { companyInsights, roleInsights, skillInsights } from '../../insights/market-read.ts'
import { salaryInsights } from '../../insights/salary-read.ts'
import { defaultFrom, velocity, type VelocityFacet } from '../../insights/velocity.ts'
import { dayOf, daysBetween, isDay } from '../../insights/days.ts'
import { engagement, userGrowth } from '../../insights/user-stats.ts'

/** The inputs of the insights operations: also the JSON schemas of the MCP tools. */
const country = v.pipe(v.string(), v.regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code'), v.toLowerCase(), v.description('ISO 3166-1 alpha-2 country code (case does not matter).'))
const category = v.pipe(v.picklist(JOB_CATEGORIES, 'must be a job category (e.g. backend, frontend, data_engineering)'), v.description(`Job category: ${JOB_CATEGORIES.join(', ')}.`))
const seniority = v.pipe(v.picklist(SENIORITY_LEVELS, `must be one of ${SENIORITY_LEVELS.join(', ')}`), v.description(`Seniority: ${SENIORITY_LEVELS.join(', ')}.`))
const openSort = v.pipe(v.picklist(['open', 'growth'], 'must be open or growth'), v.description('`open` (default): most open postings first; `growth`: largest 30-day growth first.'))
const limit = intParam({ min: 1, max: 200, description: 'rows returned, 1 to 200 (default 20)' })
const day = (what: string) => v.pipe(v.string(), v.check(isDay, 'must be a date YYYY-MM-DD'), v.description(what))

export const RolesQuery = v.object({ country: v.optional(country), category: v.optional(category), sort: v.optional(openSort), limit: v.optional(limit) })
export const SkillsQuery = RolesQuery
export const SalaryQuery = v.object({ category: v.optional(category), seniority: v.optional(seniority), country: v.optional(country) })
export const VelocityQuery = v.object({
  granularity: v.optional(v.pipe(v.picklist(['day', 'week', 'month'], 'must be day, week or month'), v.description('Period length (default day).'))),
  from: v.optional(day('First day counted (default: 90 days, 52 weeks or 24 months before today).')),
  to: v.optional(day('Last day counted (default today).')),
  category: v.optional(category),
  seniority: v.optional(seniority),
  country: v.optional(country),
})
export const CompaniesInsightQuery = v.object({
  sort: v.optional(v.pipe(v.picklist(['growth', '-growth', 'open'], 'must be growth, -growth or open'), v.description('`growth` (default): fastest growing first; `-growth`: fastest shrinking first; `open`: most open postings first.'))),
  min_open: v.optional(intParam({ min: 0, description: 'only companies with at least this many open postings now (default 5)' })),
  limit: v.optional(limit),
})

const int = { type: 'integer' }
const count = { type: 'integer', minimum: 0 }
const str = { type: 'string' }
const orNull = { type: ['string', 'null'] }
const rowsWith = (row: Record<string, Record<string, unknown>>, meta: Record<string, Record<string, unknown>>, required?: string[]) =>
  object({ data: { type: 'array', items: object(row) }, meta: object(meta, required) })
const scopeMeta = { country: orNull, category: orNull, sort: str, limit: count }

const MAX_RANGE_DAYS = 4000
const GROWTH = '`growth` = open postings now minus open postings at the end of the day 30 days ago (an integer; negative when shrinking).'

/** The insights reads as domain calls on validated input: the HTTP routes and the MCP tools share them. */
export function insightsReads(ctx: AppContext) {
  const read = <T>(run: () => T): T => {
    currentRollup(ctx)
    return run()
  }
  return {
    roles: (query: v.InferOutput<typeof RolesQuery>) => {
      const options = { country: query.country, category: query.category, sort: query.sort ?? 'open', limit: query.limit ?? 20 }
      return { data: read(() => roleInsights(ctx.db, options)), meta: { country: options.country ?? null, category: options.category ?? null, sort: options.sort, limit: options.limit } }
    },
    skills: (query: v.InferOutput<typeof SkillsQuery>) => {
      if (query.category && query.country) throw badRequest('give category or country, not both')
      const options = { country: query.country, category: query.category, sort: query.sort ?? 'open', limit: query.limit ?? 20 }
      return { data: read(() => skillInsights(ctx.db, options)), meta: { country: options.country ?? null, category: options.category ?? null, sort: options.sort, limit: options.limit } }
    },
    salary: (query: v.InferOutput<typeof SalaryQuery>) => {
      const { rows, breakdown } = read(() => salaryInsights(ctx.db, query))
      const meta = { category: query.category ?? null, seniority: query.seniority ?? null, country: query.country ?? null, min_sample_size: ctx.config.insightsSalaryMinSample }
      return { data: rows, meta: breakdown ? { ...meta, breakdown: 'seniority' } : meta }
    },
    velocity: (query: v.InferOutput<typeof VelocityQuery>) => {
      const facets = (['category', 'seniority', 'country'] as const).filter((name) => query[name] !== undefined)
      if (facets.length > 1) throw badRequest('give at most one of category, seniority and country')
      const granularity = query.granularity ?? 'day'
      const to = query.to ?? dayOf(ctx.now())
      const from = query.from ?? defaultFrom(to, granularity)
      if (from > to) throw badRequest('from must not be after to')
      if (daysBetween(from, to) > MAX_RANGE_DAYS) throw badRequest(`the range from..to must be at most ${MAX_RANGE_DAYS} days`)
      const facet: VelocityFacet = facets[0] ?? 'all'
      const value = facets[0] ? query[facets[0]]! : ''
      return {
        data: read(() => velocity(ctx.db, { granularity, from, to, facet, value })),
        meta: { granularity, from, to, facet_kind: facet, facet_value: facets[0] ? value : null },
      }
    },
    companies: (query: v.InferOutput<typeof CompaniesInsightQuery>) => {
      const options = { sort: query.sort ?? 'growth', minOpen: query.min_open ?? 5, limit: query.limit ?? 20 }
      return { data: read(() => companyInsights(ctx.db, options)), meta: { sort: options.sort, min_open: options.minOpen, limit: options.limit } }
    },
  }
}

const op = operations({ tags: ['insights'], auth: 'public', budget: 'read' })

export function insightsRoutes(ctx: AppContext): Route[] {
  const reads = insightsReads(ctx)
  return [
    op.get('/insights/roles', 'Open roles by category and seniority, with 30-day growth', {
      description: `One row per (category, seniority) pair with open postings now or 30 days ago, optionally within a country and/or a category. ${GROWTH}`,
      query: RolesQuery,
      responses: { 200: { description: '`{ data: [{ category, seniority, open_count, growth }], meta: { country, category, sort, limit } }`', schema: rowsWith({ category: str, seniority: str, open_count: count, growth: int }, scopeMeta) }, 400: 'bad country, category, sort or limit' },
    }, (_event, { query }) => reads.roles(query)),
    op.get('/insights/skills', 'Skills most asked for, with 30-day growth', {
      description: `Skills (slugs) by open postings naming them, within a category or a country (not both). ${GROWTH}`,
      query: SkillsQuery,
      responses: { 200: { description: '`{ data: [{ skill, open_count, growth }], meta: { country, category, sort, limit } }`', schema: rowsWith({ skill: str, open_count: count, growth: int }, scopeMeta) }, 400: 'both category and country, or a bad value' },
    }, (_event, { query }) => reads.skills(query)),
    op.get('/insights/salary', 'Salary percentiles by seniority, currency and period', {
      description: 'p25 / p50 / p75 of the stated salaries of open postings (a posting counts with the midpoint of its range, or the one bound it states), per seniority, currency and period: currencies and periods are never converted or mixed. A bucket with fewer than INSIGHTS_SALARY_MIN_SAMPLE postings (default 5; `meta.min_sample_size`) is left out. With only `category`, the answer adds category-wide rows (`seniority: ""`) and `meta.breakdown: "seniority"`.',
      query: SalaryQuery,
      responses: {
        200: {
          description: '`{ data: [{ seniority, currency, period, sample_size, p25, p50, p75 }], meta }`',
          schema: rowsWith(
            { seniority: str, currency: str, period: str, sample_size: count, p25: { type: 'number' }, p50: { type: 'number' }, p75: { type: 'number' } },
            { category: orNull, seniority: orNull, country: orNull, min_sample_size: count, breakdown: { type: 'string', enum: ['seniority'] } },
            ['category', 'seniority', 'country', 'min_sample_size'],
          ),
        }, 400: 'bad category, seniority or country' },
    }, (_event, { query }) => reads.salary(query)),
    op.get('/insights/velocity', 'Postings added and removed per day, week or month', {
      description: '`added`: postings first seen by this catalogue in the period; `removed`: postings closed in it. Dense over the range (periods without activity read 0); days are UTC, weeks start on Monday and are labelled by that day, months as YYYY-MM; only days within from..to count, so the first and last periods may be partial. At most one of category, seniority and country narrows it.',
      query: VelocityQuery,
      responses: {
        200: {
          description: '`{ data: [{ period, added, removed }], meta: { granularity, from, to, facet_kind, facet_value } }`',
          schema: rowsWith({ period: str, added: count, removed: count }, { granularity: str, from: str, to: str, facet_kind: str, facet_value: orNull }),
        },
        400: `unknown granularity, bad date, from after to, a range over ${MAX_RANGE_DAYS} days, or more than one facet`,
      },
    }, (_event, { query }) => reads.velocity(query)),
    op.get('/insights/companies', 'Companies hiring fastest', {
      description: 'Companies with at least `min_open` open postings now, by 30-day growth (`growth_30d` = `open_now` − `open_prev_30d`, the open postings at the end of the day 30 days ago).',
      query: CompaniesInsightQuery,
      responses: {
        200: {
          description: '`{ data: [{ company_slug, company_name, open_now, open_prev_30d, growth_30d }], meta: { sort, min_open, limit } }`',
          schema: rowsWith({ company_slug: str, company_name: str, open_now: count, open_prev_30d: count, growth_30d: int }, { sort: str, min_open: count, limit: count }),
        }, 400: 'bad sort, min_open or limit' },
    }, (_event, { query }) => reads.companies(query)),
    op.get('/stats/jobs-activity', 'Vacancies added and removed per day, week or month, catalogue-wide', {
      tags: ['stats'],
      description: `The public catalogue-activity series of the reference service: \`/insights/velocity\` over the whole catalogue, with the same rules (dense periods, UTC days, weeks from Monday, months as YYYY-MM). Defaults: \`granularity=day\`, \`to\` today, \`from\` 90 days, 52 weeks or 24 months before \`to\`. An unknown granularity, a malformed date, from after to, or a range over ${MAX_RANGE_DAYS} days is a 400.`,
      query: v.object({ granularity: VelocityQuery.entries.granularity, from: VelocityQuery.entries.from, to: VelocityQuery.entries.to }),
      responses: {
        200: {
          description: '`{ data: [{ period, added, removed }], meta: { granularity, from, to } }`',
          schema: rowsWith({ period: str, added: count, removed: count }, { granularity: str, from: str, to: str }),
        },
        400: `unknown granularity, bad date, from after to, or a range over ${MAX_RANGE_DAYS} days`,
      },
    }, (_event, { query }) => {
      const { data, meta } = reads.velocity(query)
      return { data, meta: { granularity: meta.granularity, from: meta.from, to: meta.to } }
    }),
    op.get('/stats/user-growth', 'Accounts over time', {
      tags: ['stats'],
      description: 'Accounts that existed at the end of each UTC day, from the first account to today, one entry per day. A total only: nothing about any account.',
      query: v.object({}),
      responses: { 200: { description: '`{ data: [{ date, total }] }`', schema: listOf(object({ date: str, total: count })) } },
    }, () => ({ data: userGrowth(ctx.db, dayOf(ctx.now())) })),
    op.get('/stats/engagement', 'How much the signed-in features are used', {
      tags: ['stats'],
      description: 'Totals over every account: postings saved, applied to and viewed (one per person and posting), and saved searches. `cvs_uploaded`, `cvs_tailored`, `match_analyses` and `inboxes_connected` count features this instance does not store (0).',
      query: v.object({}),
      responses: {
        200: {
          description: '`{ data: { saved, applied, viewed, cvs_uploaded, cvs_tailored, match_analyses, inboxes_connected, saved_searches } }`',
          schema: dataOf(object(Object.fromEntries(['saved', 'applied', 'viewed', 'cvs_uploaded', 'cvs_tailored', 'match_analyses', 'inboxes_connected', 'saved_searches'].map((name) => [name, count])))),
        },
      },
    }, () => ({ data: engagement(ctx.db) })),
  ]
}
