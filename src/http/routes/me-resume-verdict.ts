import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { notFound } from '../../errors.ts'
import { getProfile } from '../../profile/profile.ts'
import { profileVerdict } from '../../resume/verdict.ts'
import { atsReport } from '../../resume/ats-report.ts'
import { roleParams, topRoleSkills } from '../../resume/role-market.ts'
import { resumeRow, structuredOf } from '../../resume/store.ts'
import { object, ref } from '../openapi-shapes.ts'

const RoleQuery = v.pipe(
  v.looseObject({ q: v.optional(v.pipe(v.string(), v.description('Full-text scope of the role, as in job search.'))) }),
  v.description('Any job-search facet or filter scopes the role; without `category` the profile’s specializations are used. The `skills` facet is ignored.'),
)

const REPORT = '`{ has_cv, report: null | { overall, potential, categories: [{ id, label, score, max, items: [{ points, text, status: "pass"|"warn"|"fail" }] }], strong_keywords, recommended_keywords, reviewed } }`. Categories: `keyword_strength` (max 40: the résumé against the role’s 20 most asked-for skills), `format_compliance` (15), `section_completeness` (20), `content_quality` (15), `length_density` (10). `potential` is the score with every recommended keyword added.'

const ATS_REPORT = object({ data: object({ has_cv: { type: 'boolean' }, report: { oneOf: [ref('AtsReport'), { type: 'null' }], description: 'null while no résumé is stored' } }) })

const op = operations({ tags: ['resume'], auth: 'session' })

export function meResumeVerdictRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  const profileOf = (userId: number) => getProfile(db, userId) ?? (() => { throw notFound('profile not found') })()
  const report = (userId: number, params: URLSearchParams) => {
    const profile = profileOf(userId)
    const row = resumeRow(db, userId)
    if (!row) return { data: { has_cv: false, report: null } }
    const roleSkills = topRoleSkills(ctx, roleParams(params, profile), 20).map((skill) => skill.name)
    return { data: { has_cv: true, report: atsReport(row.text, structuredOf(row), roleSkills) } }
  }
  return [
    op.get('/me/profile/verdict', 'How your profile and résumé meet the market of your role', {
      description: 'The market-coverage result of POST /market/coverage for your profile’s skills (the role: the query’s facets, by default your specializations), plus `coherence_percent` (the share of your profile skills your stored résumé shows). Each skill’s `status` reads it against the résumé: `strong` (profile and résumé), `hidden` (profile only: the résumé does not show it), `adjacent` (not in the profile, but the résumé shows it or a skill of its family), `missing`; the market’s own reading is kept in `market_status`.',
      query: RoleQuery,
      responses: { 200: { description: '`{ data: Verdict, meta?: { ignored_params?, unknown_values? } }`', schema: object({ data: ref('Verdict'), meta: ref('IgnoredOnly') }, ['data']) }, 400: 'a malformed filter value', 404: 'profile not found', 503: 'search temporarily unavailable' },
    }, (event, { caller }) => {
      const profile = profileOf(caller.userId)
      const text = resumeRow(db, caller.userId)?.text ?? null
      return profileVerdict(ctx, event.url.searchParams, profile, text)
    }),
    op.get('/me/profile/ats-report', 'The ATS report of your résumé for your role', {
      description: `Deterministic. ${REPORT} \`report\` is null while no résumé is stored.`,
      query: RoleQuery,
      responses: { 200: { description: '`{ data: { has_cv, report } }`', schema: ATS_REPORT }, 400: 'a malformed filter value', 404: 'profile not found', 503: 'search temporarily unavailable' },
    }, (event, { caller }) => report(caller.userId, event.url.searchParams)),
    op.post('/me/profile/ats-report', 'Run the ATS report (with a review when one is available)', {
      description: `No language model is wired to openroles, so this answers the same deterministic report as GET with \`reviewed: false\`. ${REPORT}`,
      query: RoleQuery,
      responses: { 200: { description: '`{ data: { has_cv, report } }`', schema: ATS_REPORT }, 400: 'a malformed filter value', 404: 'profile not found', 503: 'search temporarily unavailable' },
    }, (event, { caller }) => report(caller.userId, event.url.searchParams)),
  ]
}
