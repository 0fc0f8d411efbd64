import * as v from 'valibot'
import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { object, pageOf as pageSchema, ref } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'
import { badRequest } from '../../errors.ts'
import { boolParam, MAX_JOB_PAGE_DEPTH, pageOf, pagingEntries } from '../validate.ts'
import { jobIdBySlug, loadJobs, type DescriptionFormat } from '../../catalogue/job-json.ts'
import { highlightsOf } from '../../search/highlight.ts'
import {
  ALWAYS_COUNTED_FLAGS, COUNTED_FACETS, FACET_NAMES, FLAG_FACETS, GEO_FACETS, MAX_WITHIN_DAYS, RESULT_SORTS,
  type FacetName, type FlagFacet,
} from '../../search/facet-spec.ts'
import { closedVocabulary } from '../../search/filter-vocabulary.ts'
import { FACETS_EXAMPLE, JOB_SEARCH_EXAMPLE } from '../openapi-examples.ts'
import { parseJobQuery, queryReport } from '../../search/search-params.ts'
import { POSTING_ATTRIBUTES, VALUE_FILTERS } from '../../catalogue/posting-attributes.ts'
import { jobVotesOf } from '../../catalogue/community-signals.ts'
import { touchedJobIds } from '../../tracker/interactions.ts'
import type { Caller } from '../../account/caller.ts'
import { getProfile } from '../../profile/profile.ts'

/** Postings the swipe deck leaves out: the caller's most recently touched, at most this many. */
const SWIPE_EXCLUDED_MAX = 1000

const values = (description: string) => v.optional(v.pipe(v.union([v.string(), v.array(v.string())], 'must be text'), v.description(description)))

/**
 * A parameter of the filter grammar: the job query reader (src/search/search-params.ts) is its one
 * validator, wherever the grammar is read; the schema only states its type in the OpenAPI document.
 */
const readBySearch = (jsonSchema: Record<string, unknown>, description: string) => v.optional(v.pipe(v.unknown(), v.metadata({ jsonSchema }), v.description(description)))

/** A facet with a closed vocabulary: the schema lists it (what a generated client and an MCP tool caller choose from); a value outside it is reported in meta. */
const closedValues = (vocabulary: readonly string[], description: string) => {
  const entry = { type: 'string', enum: [...vocabulary] }
  return readBySearch({ anyOf: [entry, { type: 'array', items: entry }] }, description)
}

/** The filter grammar as schema entries, from the posting-attribute table: they document every parameter in the OpenAPI document. */
function filterEntries(): v.ObjectEntries {
  const entries: v.ObjectEntries = {}
  for (const facet of FACET_NAMES) {
    const { description } = POSTING_ATTRIBUTES.find((row) => row.name === facet)!
    const vocabulary = closedVocabulary(facet)
    const text = `${description}. Repeat the parameter or separate with commas; values are ORed${GEO_FACETS.includes(facet) ? ' (regions, countries and cities form one OR-group)' : ''}`
    entries[facet] = vocabulary ? closedValues(vocabulary, `${text}; one of ${vocabulary.join(', ')}`) : values(text)
    entries[`${facet}_mode`] = readBySearch(
      { type: 'string', enum: ['and', 'or'] },
      GEO_FACETS.includes(facet) ? 'accepted and without effect: geography is one OR-group (as in the reference service)' : `and: a posting must carry every ${facet} value; or (default)`,
    )
    const excluded = `postings carrying any of these ${facet} values are removed`
    entries[`${facet}_exclude`] = vocabulary ? closedValues(vocabulary, excluded) : values(excluded)
  }
  for (const filter of VALUE_FILTERS) {
    if (filter.test === 'equals') entries[filter.param] = readBySearch({ type: 'boolean' }, filter.description)
    else if (filter.test === 'withinDays') entries[filter.param] = readBySearch({ type: 'integer', minimum: 1, maximum: MAX_WITHIN_DAYS }, filter.description)
    else entries[filter.param] = readBySearch({ type: 'integer', minimum: 0 }, filter.description)
  }
  return entries
}

const qEntry = v.optional(
  v.pipe(
    v.string('must be text'),
    v.description(
      'full text over title, company and description: every word must match (by itself, an alias such as golang/go or k8s/kubernetes, or, the last word, as a prefix); "quoted words" are a phrase; -word or -"a phrase" excludes; a word no posting holds matches its spelling correction (meta.did_you_mean); other operators and punctuation are searched literally',
    ),
  ),
)
const jobPaging = pagingEntries({ maxDepth: MAX_JOB_PAGE_DEPTH })
/** Read by the route itself: neither filters nor ignored. */
const PAGING_PARAMS = ['limit', 'offset', 'highlight']
const searchEntries = {
  q: qEntry,
  ...jobPaging,
  sort: v.optional(v.pipe(v.picklist(RESULT_SORTS, `must be one of ${RESULT_SORTS.join(', ')}`), v.description('sort key (extensions: `salary_normalized`, the stated salary as a year in the reference currency, so salaries in different currencies and periods compare; `match`, for a caller signed in (cookie or API key) whose profile names skills: the jobs carrying the most of those skills first, then newest first, `order` ignored; anonymous or without profile skills it is a 400); without it: relevance when q is given, else posted_at descending'))),
  order: v.optional(v.pipe(v.picklist(['asc', 'desc'], 'must be asc or desc'), v.description('asc or desc (default desc); ignored without sort'))),
  highlight: v.optional(v.pipe(boolParam, v.description('extension: true adds `matched_terms` to every Job, the words and phrases of q the posting holds (default false)'))),
  ...filterEntries(),
}

const page = (query: { limit?: number; offset?: number }) => pageOf(query, { maxDepth: MAX_JOB_PAGE_DEPTH })

const FACET_LIST_NAMES: readonly string[] = [...COUNTED_FACETS, ...FLAG_FACETS]

/** Comma-separated facet names (string facets, and boolean ones counted as `{ true, false }`); null when absent. */
function facetList(raw: string | undefined): { facets: FacetName[]; flags: FlagFacet[] } | null {
  if (raw === undefined) return null
  const names = [...new Set(raw.split(',').map((name) => name.trim()).filter(Boolean))]
  const unknown = names.some((name) => !FACET_LIST_NAMES.includes(name))
  if (unknown || names.length === 0) throw badRequest(`invalid query parameter "facets": names must be among ${FACET_LIST_NAMES.join(', ')}`)
  return {
    facets: names.filter((name) => (COUNTED_FACETS as readonly string[]).includes(name)) as FacetName[],
    flags: names.filter((name) => (FLAG_FACETS as readonly string[]).includes(name)) as FlagFacet[],
  }
}

const op = operations({ tags: ['jobs'], auth: 'public' })

export function jobsSearchRoutes(ctx: AppContext): Route[] {
  const { db, search } = ctx

  const { maxQueryLength } = ctx.config

  /** `caller`: the signed-in caller, for my_vote; `exclude`: postings left out of the matches (the swipe deck). */
  function searchJobs(
    event: H3Event,
    query: { limit?: number; offset?: number; highlight?: boolean },
    endpointParams: string[],
    description: DescriptionFormat,
    options: { caller?: Caller | null; exclude?: number[] } = {},
  ) {
    const { limit, offset } = page(query)
    const { q, filters, sort, order, ignored, unknownValues } = parseJobQuery(event.url.searchParams, { maxQueryLength, sorted: true, endpointParams })
    const matchSkills = sort === 'match' ? profileSkillsFor(options.caller) : undefined
    const { ids, total, didYouMean, text } = search.search({ q, filters, sort, order, matchSkills, limit, offset }, options.exclude)
    const meta = { total, limit, offset, ...queryReport({ ignored, unknownValues }), ...(didYouMean ? { did_you_mean: didYouMean } : {}) }
    const myVotes = jobVotesOf(db, ids, options.caller?.userId)
    const data = loadJobs(db, ids, { description, ghost: description === 'preview', myVotes, ...search.pageFacts(ids) })
    if (!query.highlight) return { data, meta }
    const highlights = text ? highlightsOf(db, text, ids) : new Map<number, string[]>()
    // A posting removed between the search and the read leaves a gap: match Jobs to ids by slug then.
    const idOf = (job: Record<string, unknown>, i: number) => (data.length === ids.length ? ids[i]! : jobIdBySlug(db, job.public_slug as string))
    return { data: data.map((job, i) => ({ ...job, matched_terms: highlights.get(idOf(job, i) ?? -1) ?? [] })), meta }
  }

  /** The skills `sort=match` ranks by: the signed-in caller's profile skills; a clear 400 otherwise. */
  function profileSkillsFor(caller: Caller | null | undefined): string[] {
    if (!caller) throw badRequest('invalid query parameter "sort": match ranks by your profile skills, so it needs a signed-in caller (session cookie or API key)')
    const skills = (getProfile(db, caller.userId)?.skills ?? []).map((skill) => skill.slug)
    if (!skills.length) throw badRequest('invalid query parameter "sort": match ranks by your profile skills, and your profile names none (PUT /me/profile)')
    return skills
  }

  return [
    op.get('/jobs/search', 'Search open job postings', {
      description: 'Full text (`q`) plus the facet filter grammar: repeated or comma-separated values are ORed, `<facet>_mode=and` ANDs them, `<facet>_exclude` removes, different facets AND, and regions/countries/cities form one OR-group. Values outside a facet’s vocabulary match nothing and are reported in `meta.unknown_values` (with `did_you_mean` when an entry is close: `countries=Germany` -> `de`, `seniority=sr` -> `senior`); unknown parameters are reported in `meta.ignored_params`. Descriptions are truncated previews. One card per role: the postings of one role (a role of one company, reposted or listed per city) are one item, the matching posting of the role added last, with `copies_count` and `locations_also` (extensions) telling the rest, which GET /jobs/{slug}/copies lists; `meta.total` counts cards.',
      budget: 'read',
      query: v.looseObject(searchEntries),
      responses: { 200: { description: '`{ data: [Job], meta: { total, limit, offset, ignored_params?, unknown_values?, did_you_mean? } }` (extensions: did_you_mean, the query as matched when unknown words were corrected; with highlight=true, every Job carries matched_terms)', schema: pageSchema(ref('Job')), example: JOB_SEARCH_EXAMPLE }, 400: 'invalid parameter value, or offset + limit over 10000' },
    }, (event, { query, caller }) => searchJobs(event, query, PAGING_PARAMS, 'preview', { caller })),
    op.get('/me/tracking/swipe', 'The swipe deck: search results minus every posting the caller has touched', {
      description: `The job search (same parameters, order and Job objects) without the postings the caller viewed, saved, applied to or dismissed — the ${SWIPE_EXCLUDED_MAX} most recently touched — subtracted inside the search engine, so \`meta.total\` and pages are exact. Ask offset 0 again after each swipe: the exclusion advances the deck.`,
      tags: ['tracking'],
      auth: 'session-or-key',
      query: v.looseObject(searchEntries),
      responses: { 200: { description: '`{ data: [Job], meta: { total, limit, offset, ignored_params? } }`', schema: pageSchema(ref('Job')) }, 400: 'invalid parameter value, or offset + limit over 10000' },
    }, (event, { query, caller }) => searchJobs(event, query, PAGING_PARAMS, 'preview', { caller, exclude: touchedJobIds(db, caller.userId, SWIPE_EXCLUDED_MAX) })),
    op.get('/agent/jobs/search', 'Search open job postings with full descriptions (for agents)', {
      description: 'Same parameters and order as /jobs/search; every hit carries the full description in `description_format` and no `ghost`. Use a small `limit`. Has its own rate budget. Items are cards, one per role, as in /jobs/search.',
      budget: 'agent',
      query: v.looseObject({
        ...searchEntries,
        description_format: v.optional(v.pipe(v.string('must be text'), v.description('html (default; unknown values fall back to it), text or markdown'))),
      }),
      responses: { 200: { description: '`{ data: [Job], meta: { total, limit, offset, ignored_params?, unknown_values?, did_you_mean? } }` (extensions: did_you_mean, the query as matched when unknown words were corrected; with highlight=true, every Job carries matched_terms)', schema: pageSchema(ref('Job')) }, 400: 'invalid parameter value, or offset + limit over 10000' },
    }, (event, { query, caller }) => {
      const format = query.description_format === 'text' || query.description_format === 'markdown' ? query.description_format : 'html'
      return searchJobs(event, query, [...PAGING_PARAMS, 'description_format'], format, { caller })
    }),
    op.get('/jobs/facets', 'Facet counts and numeric ranges for a search', {
      description: 'Counts per value of every string facet but company_slug (or only those named in `facets`), `visa_sponsorship` always as `{ true, false }` (postings that say nothing count under neither; the reference service counts it in every answer), and salary/experience ranges, for the cards the same search would return (one per role). A card counts under every value any of its role\'s matching postings carries, once, so a value\'s count is `meta.total` of the same search with that value added. `facets` also takes the boolean facets (`visa_sponsorship`, `requires_clearance`), counted as `{ true, false }`. `disjunctive=true` counts each facet under the filter minus its own selected values (the geography facets drop the whole OR-group), costing one extra pass per selected facet. `meta` appears only to report ignored parameters.',
      budget: 'read',
      query: v.looseObject({
        q: qEntry,
        facets: v.optional(v.pipe(v.string('must be text'), v.description(`comma-separated facet names to count, among ${FACET_LIST_NAMES.join(', ')}; cannot be combined with disjunctive=true`))),
        disjunctive: v.optional(v.pipe(boolParam, v.description('count each facet without its own selection (default false)'))),
        ...filterEntries(),
      }),
      responses: { 200: { description: '`{ data: { total, facets: { facet: { value: count } }, stats }, meta? }`', schema: object({ data: ref('Facets'), meta: ref('IgnoredOnly') }, ['data']), example: FACETS_EXAMPLE }, 400: 'invalid parameter value, unknown facet name, or facets combined with disjunctive=true' },
    }, (event, { query }) => {
      const names = facetList(query.facets)
      // disjunctive=false is the default spelled out: only disjunctive counting conflicts with a narrowed list.
      if (names && query.disjunctive) throw badRequest('"facets" cannot be combined with "disjunctive=true"')
      const { q, filters, ignored, unknownValues } = parseJobQuery(event.url.searchParams, { maxQueryLength, endpointParams: ['facets', 'disjunctive'] })
      const flags = [...new Set([...ALWAYS_COUNTED_FLAGS, ...(names?.flags ?? [])])]
      const data = search.facets({ q, filters, facets: names ? names.facets : undefined, flags, disjunctive: query.disjunctive ?? false })
      const meta = queryReport({ ignored, unknownValues })
      return meta ? { data, meta } : { data }
    }),
    op.get('/jobs', 'Open job postings, newest first', {
      description: 'Every open role by posting date, newest first, with the same paging rules as search; items are cards, one per role, as in /jobs/search.',
      budget: 'read',
      query: v.object(jobPaging),
      responses: { 200: { description: '`{ data: [Job], meta: { total, limit, offset } }`', schema: pageSchema(ref('Job')) }, 400: 'offset + limit over 10000' },
    }, (_event, { query, caller }) => {
      const { limit, offset } = page(query)
      const { ids, total } = search.search({ filters: { facets: {} }, limit, offset })
      return { data: loadJobs(db, ids, { description: 'preview', ghost: true, myVotes: jobVotesOf(db, ids, caller?.userId), ...search.pageFacts(ids) }), meta: { total, limit, offset } }
    }),
  ]
}
