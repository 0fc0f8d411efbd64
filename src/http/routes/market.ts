import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { object, ref } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'
import { marketCoverage } from '../../coverage/market-request.ts'
import { getProfile } from '../../profile/profile.ts'
import { currentRollup } from '../../insights/insights.ts'
import { marketPulse } from '../../insights/market-pulse.ts'
import { dayOf } from '../../insights/days.ts'

const CoverageQuery = v.pipe(
  v.looseObject({ q: v.optional(v.pipe(v.string(), v.description('Full-text scope of the market, as in job search.'))) }),
  v.description('Any job search facet, numeric or boolean filter scopes the market (filter grammar of job search); `skills` is not a filter here and is reported in `meta.ignored_params`; values outside a facet’s vocabulary are reported in `meta.unknown_values`, as job search does.'),
)

const CoverageBody = v.object({
  skills: v.pipe(
    v.array(v.pipe(v.string('must be a string'), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(100, 'must be at most 100 characters')), 'must be an array of skill names'),
    v.minLength(1, 'must name at least one skill'),
    v.maxLength(100, 'must name at most 100 skills'),
    v.description('The caller’s skills, 1 to 100 names or slugs ("Golang" and "go" are the same skill).'),
  ),
})

const op = operations({ tags: ['market'], auth: 'session-or-key' })

export function marketRoutes(ctx: AppContext): Route[] {
  return [
    op.post('/market/coverage', 'How much of a job market a skill set covers', {
      description: [
        'Stateless: skills from the body, the market from the query.',
        '`total`: open postings in the market. `covered`: postings for which the caller has at least COVERAGE_POSTING_PERCENT (default 70) % of the skills they name (a posting naming none counts as covered). `coverage_percent` = covered / total.',
        '`skills`: the caller’s skills (in the order sent) followed by the market’s must-haves the caller lacks. `market_frequency`: postings in the market naming the skill. `must_have`: named by at least COVERAGE_MUST_HAVE_PERCENT (default 10) % of the market. `status`: `covered` = the caller has it and it is a must-have; `partial` = the caller has it but it is not a must-have here (useful for some postings, or none when market_frequency is 0); `missing` = a must-have the caller lacks. `advice`: one deterministic sentence.',
        '`must_have_total` / `must_have_covered` / `stack_match_percent`: the market’s must-haves, those the caller has, and their ratio.',
        '`gaps`: up to 10 missing skills, each with the uncovered postings it alone would turn covered (`new_vacancies`, `unlock_percent` of the market). `bundles`: up to 10 pairs `{ skills: [a, b], new_vacancies, unlock_percent }` of missing skills that together (not alone) would turn uncovered postings covered.',
      ].join('\n\n'),
      query: CoverageQuery,
      body: CoverageBody,
      responses: { 200: { description: '`{ data: MarketCoverage, meta?: { ignored_params?, unknown_values? } }`', schema: object({ data: ref('MarketCoverage'), meta: ref('IgnoredOnly') }, ['data']) }, 400: 'skills empty or over 100, or a malformed filter value', 503: 'search temporarily unavailable' },
    }, (event, { body }) => {
      return marketCoverage(ctx, event.url.searchParams, body.skills)
    }),
    op.get('/me/market-pulse', 'Weekly demand for your profile skills', {
      auth: 'session',
      description: 'One entry per profile skill that open postings name now, most demanded first: `open_count` now, `series` of the open postings at the end of each of the last 8 weeks (`week_start` a Monday; the current week counts now), `change_pct` from the first week to now (one decimal; null when the first week had none). A skill no open posting names is left out; a caller without a profile or skills gets an empty list. Read from the insights rollup, never counted per request.',
      responses: {
        200: {
          description: '`{ data: [{ skill, open_count, change_pct, series: [{ week_start, open_count }] }], meta: { week_start } }`',
          schema: object({
            data: {
              type: 'array',
              items: object({
                skill: { type: 'string' },
                open_count: { type: 'integer', minimum: 0 },
                change_pct: { type: ['number', 'null'] },
                series: { type: 'array', items: object({ week_start: { type: 'string', format: 'date' }, open_count: { type: 'integer', minimum: 0 } }) },
              }),
            },
            meta: object({ week_start: { type: 'string', format: 'date' } }),
          }),
        },
      },
    }, (_event, { caller }) => {
      const skills = (getProfile(ctx.db, caller.userId)?.skills ?? []).map((skill) => skill.slug)
      currentRollup(ctx)
      const pulse = marketPulse(ctx.db, skills, dayOf(ctx.now()))
      return { data: pulse.skills, meta: { week_start: pulse.weekStart } }
    }),
  ]
}
