import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { listOf, object, pageOf as pageSchema, ref } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'
import { notFound } from '../../errors.ts'
import { pageOf, pagingEntries } from '../validate.ts'
import { loadJobs } from '../../catalogue/job-json.ts'
import { parseCompanyParams } from '../../catalogue/company-search-params.ts'
import { searchCompanies } from '../../catalogue/company-search.ts'
import { listSubindustries } from '../../catalogue/company-subindustries.ts'
import { toCompanyDetail, toCompanySummary } from '../../catalogue/company-json.ts'
import { companyCollections, companyJobIds, companyRowBySlug } from '../../catalogue/company-read.ts'
import { companyVoteOf, feedbackSummaries, jobVotesOf, NO_FEEDBACK, referralAvailable } from '../../catalogue/community-signals.ts'
import { COMPANIES_EXAMPLE, COMPANY_EXAMPLE } from '../openapi-examples.ts'

const multi = (description: string) =>
  v.optional(v.pipe(v.union([v.string(), v.array(v.string())]), v.description(`${description}; repeat or comma-separate to OR values`)))

const paging = pagingEntries()

const op = operations({ tags: ['companies'], auth: 'public', budget: 'read' })

export function companiesRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  return [
    op.get('/companies', 'Search companies with open roles', {
      description: 'Companies with at least one open role, by open-role count then name (or `sort=rating`). Filters OR within a parameter and AND across parameters, and compose with `q`. Parameters outside the company vocabulary (job facets included) are reported in `meta.ignored_params`. `meta.total` is exact.',
      query: v.object({
        q: v.optional(v.pipe(v.string(), v.maxLength(ctx.config.maxQueryLength, `must be at most ${ctx.config.maxQueryLength} characters`), v.description('case- and accent-insensitive match inside the company name'))),
        ...paging,
        sort: v.optional(v.pipe(v.picklist(['rating'], 'must be rating (or omitted for the default order)'), v.description('`rating`: mean feedback rating, best first'))),
        collections: multi('collection slugs (e.g. yc, unicorn)'),
        regions: multi('regions where the company posts any open role'),
        countries: multi('ISO alpha-2 countries of its open roles'),
        remote_regions: multi('regions the company hires remotely in, from its open postings'),
        industries: multi('curated industry slugs'),
        domains: multi('domains of its open postings'),
        company_type: multi('product / startup / outsource / outstaff / agency / inhouse / government'),
        company_size: multi('1-10 / 11-50 / 51-200 / 201-500 / 501-1000 / 1000+'),
        maturity: multi('curated maturity stage'),
        yc_batch: multi('accelerator batch'),
        yc_status: multi('accelerator status'),
        yc_stage: multi('accelerator funding stage'),
        yc_flags: multi('accelerator flags'),
        subindustries: multi('curated sub-industry slugs (GET /companies/subindustries lists them); a value no company carries matches nothing'),
      }),
      responses: { 200: { description: '`{ data: [company summary], meta: { total, limit, offset, ignored_params?, preparing? } }`: `meta.preparing: ["company_stats"]` while recent postings are still being counted into their companies (the answer may miss them)', schema: pageSchema(ref('CompanySummary')), example: COMPANIES_EXAMPLE }, 400: 'invalid parameter value' },
    }, (event, { query }) => {
      const { limit, offset } = pageOf(query)
      const parsed = parseCompanyParams(event.url.searchParams, ['q', 'limit', 'offset', 'sort'])
      const result = searchCompanies(db, ctx.catalogue.companies(), parsed.query, { sort: query.sort, limit, offset })
      const data = result.page.map((entry) => toCompanySummary(entry, result.feedback.get(entry.id) ?? NO_FEEDBACK))
      const meta: Record<string, unknown> = { total: result.total, limit, offset }
      if (parsed.ignored) meta.ignored_params = parsed.ignored
      if (ctx.catalogue.companiesUnsettled()) meta.preparing = ['company_stats']
      return { data, meta }
    }),
    op.get('/companies/subindustries', 'Curated sub-industries with their company counts', {
      description: 'Every sub-industry slug carried by a company with at least one open role, with a display `label` and the number of such companies (`count`), most companies first. These are the values of the `subindustries` filter of company search. Empty when the catalogue records none. No `meta`.',
      query: v.object({}),
      responses: { 200: { description: '`{ data: [{ slug, label, count }] }`', schema: listOf(ref('Subindustry')) } },
    }, () => ({ data: listSubindustries(ctx.catalogue.companies()) })),
    op.get('/companies/:slug', 'One company with its open roles', {
      description: '`{ company, jobs, referral_available }`; `jobs` are its open postings, newest first, paged by `limit` / `offset` (`meta.total` = open roles).',
      params: v.object({ slug: v.pipe(v.string(), v.minLength(1), v.maxLength(300), v.description('company slug')) }),
      query: v.object(paging),
      responses: { 200: { description: '`{ data: { company, jobs: [Job], referral_available }, meta: { total, limit, offset } }`', schema: object({ data: ref('CompanyDetail'), meta: ref('PageMeta') }), example: COMPANY_EXAMPLE }, 404: 'company not found' },
    }, (_event, { params, query, caller }) => {
      const row = companyRowBySlug(db, params.slug)
      if (!row) throw notFound('company not found')
      const { limit, offset } = pageOf(query)
      const page = companyJobIds(db, row.id, limit, offset, row.job_count)
      const feedback = feedbackSummaries(db, [row.id]).get(row.id) ?? NO_FEEDBACK
      const company = toCompanyDetail({ ...row, job_count: page.total }, companyCollections(db, row.id), feedback, companyVoteOf(db, row.id, caller?.userId))
      const jobs = loadJobs(db, page.ids, { description: 'preview', ghost: true, myVotes: jobVotesOf(db, page.ids, caller?.userId) })
      return {
        data: { company, jobs, referral_available: referralAvailable(db, row.id) },
        meta: { total: page.total, limit, offset },
      }
    }),
  ]
}
