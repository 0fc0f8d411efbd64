/**
 * The requests of `npm run bench` (bench/queries.ts) as PostgreSQL SQL over the table of
 * bench/pg-load.ts, giving the same answers as openroles: `q` becomes a tsquery of the same tokens
 * (openroles' own parser and aliases: every clause ANDed, aliases ORed, phrases with `<->`, the last
 * plain word as a prefix), the filters follow the grammar of docs/search.md (values of one facet
 * ORed, facets ANDed, regions/countries/cities one OR-group, `_exclude`), and results are counted
 * as cards: among the matching postings of one role, the last added (max id) stands for it.
 */
import { COUNTED_FACETS, MULTI_FACETS } from '../src/search/facet-spec.ts'
import { parseTextQuery, type TextQuery, type TextTerm } from '../src/search/text-tokens.ts'
import { expandAliases } from '../src/search/synonyms.ts'
import { SINGLES } from './pg-load.ts'

const GEOGRAPHY = ['regions', 'countries', 'cities']
const FILTERABLE = new Set<string>([...SINGLES.map((row) => row.name), ...MULTI_FACETS])
const isMulti = (facet: string) => (MULTI_FACETS as readonly string[]).includes(facet)

export const literal = (value: string) => `'${value.replace(/'/g, "''")}'`
const textArray = (values: string[]) => `ARRAY[${values.map(literal).join(', ')}]::text[]`

export interface PgRequest {
  /** The tsquery literal, or null without text. */
  tsquery: string | null
  /** Filter conditions keyed by the facet they select (geography as one key), for disjunctive counting. */
  selections: Map<string, string>
  /** `_exclude` conditions: they always apply. */
  exclusions: string[]
  byDate: boolean
  limit: number
  offset: number
}

function termQuery(term: TextTerm): string {
  const tokens = term.tokens.map((token, i) => `${literal(token)}${term.prefix && i === term.tokens.length - 1 ? ':*' : ''}`)
  return tokens.length > 1 ? `(${tokens.join(' <-> ')})` : tokens[0]!
}

export function tsqueryOf(text: TextQuery): string {
  const clauses = text.clauses.map((clause) => `(${clause.terms.map(termQuery).join(' | ')})`)
  return [...clauses, ...text.excluded.map((term) => `!${termQuery(term)}`)].join(' & ')
}

/** One facet's condition: any of the values (all with `_mode=and`). */
function valueCondition(facet: string, values: string[], all: boolean): string {
  if (isMulti(facet)) return all ? `${facet} @> ${textArray(values)}` : `${facet} && ${textArray(values)}`
  return values.length === 1 ? `${facet} = ${literal(values[0]!)}` : `${facet} = ANY (${textArray(values)})`
}

/** Reads a bench query string (already corrected: `q` as openroles matched it). Unknown parameters throw. */
export function pgRequest(query: string): PgRequest {
  const params = new URLSearchParams(query)
  const request: PgRequest = { tsquery: null, selections: new Map(), exclusions: [], byDate: false, limit: 20, offset: 0 }
  const geography: string[] = []
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean)
    const facet = key.replace(/_(exclude|mode)$/, '')
    if (key === 'q') {
      const text = parseTextQuery(params.get('q')!)
      request.tsquery = text ? tsqueryOf(expandAliases(text)) : null
    } else if (key === 'sort') {
      if (params.get(key) !== 'posted_at') throw new Error(`sort=${params.get(key)} is not translated`)
      request.byDate = true
    } else if (key === 'limit') request.limit = Math.min(100, Number(params.get(key)))
    else if (key === 'offset') request.offset = Number(params.get(key))
    else if (key.endsWith('_mode') && FILTERABLE.has(facet)) continue
    else if (key.endsWith('_exclude') && FILTERABLE.has(facet)) {
      // A posting without a value is not excluded.
      request.exclusions.push(isMulti(facet) ? `NOT (${facet} && ${textArray(values)})` : `(${facet} IS NULL OR ${facet} <> ALL (${textArray(values)}))`)
    } else if (GEOGRAPHY.includes(key)) geography.push(valueCondition(key, values, false))
    else if (FILTERABLE.has(key)) request.selections.set(key, valueCondition(key, values, params.get(`${key}_mode`) === 'and'))
    else throw new Error(`parameter ${key} is not translated to SQL`)
  }
  if (geography.length) request.selections.set('geography', `(${geography.join(' OR ')})`)
  return request
}

/** The WHERE of the postings the request matches, leaving out the selection of `without`. */
export function whereOf(request: PgRequest, without?: string): string {
  const conditions = [
    ...(request.tsquery ? [`doc @@ ${literal(request.tsquery)}::tsquery`] : []),
    ...[...request.selections].filter(([key]) => key !== without).map(([, condition]) => condition),
    ...request.exclusions,
  ]
  return conditions.length ? conditions.join(' AND ') : 'true'
}

/** The card ids of a match set: the last-added matching posting of each role. */
export const cardsOf = (where: string) => `SELECT max(id) FROM postings WHERE ${where} GROUP BY card`

/** One page with the card total, in one statement. */
export function searchSql(request: PgRequest): string {
  const order = request.tsquery && !request.byDate ? `ts_rank(p.doc, ${literal(request.tsquery)}::tsquery) DESC, p.posted_at DESC, p.id DESC` : 'p.posted_at DESC, p.id DESC'
  return `WITH cards AS MATERIALIZED (${cardsOf(whereOf(request))})
SELECT (SELECT count(*) FROM cards) AS total, p.id, p.title, p.company, p.posted_at, p.salary_min, p.salary_max, left(p.description, 280) AS preview
FROM postings p WHERE p.id IN (SELECT max FROM cards) ORDER BY ${order} LIMIT ${request.limit} OFFSET ${request.offset}`
}

/** The same page over postings instead of cards (what a plain PostgreSQL design returns): a count, then the page. */
export function postingSearchSql(request: PgRequest): string[] {
  const where = whereOf(request)
  const order = request.tsquery && !request.byDate ? `ts_rank(doc, ${literal(request.tsquery)}::tsquery) DESC, posted_at DESC, id DESC` : 'posted_at DESC, id DESC'
  return [
    `SELECT count(*) AS total FROM postings WHERE ${where}`,
    `SELECT id, title, company, posted_at, salary_min, salary_max, left(description, 280) AS preview FROM postings WHERE ${where} ORDER BY ${order} LIMIT ${request.limit} OFFSET ${request.offset}`,
  ]
}

/**
 * Facet counting: groups of facets counted over one match set each. Without `disjunctive` one
 * group (every facet, with total and stats); with it, each facet under the filter minus its own
 * selection (the geography facets drop the whole OR-group), facets sharing a filter grouped.
 */
export interface FacetGroup {
  /** The condition on `postings` selecting what is counted: the cards of the match set, or (folding off) every matching posting. */
  match: string
  facets: string[]
  /** Also the total and the salary/experience ranges (the group with every selection). */
  totals: boolean
}

export function facetGroups(request: PgRequest, disjunctive: boolean, folding = true): FacetGroup[] {
  const matchOf = (where: string) => (folding ? `id IN (${cardsOf(where)})` : where)
  if (!disjunctive) return [{ match: matchOf(whereOf(request)), facets: [...COUNTED_FACETS], totals: true }]
  const groups = new Map<string, FacetGroup>()
  groups.set(whereOf(request), { match: matchOf(whereOf(request)), facets: [], totals: true })
  for (const facet of COUNTED_FACETS) {
    const key = GEOGRAPHY.includes(facet) ? 'geography' : facet
    const where = whereOf(request, request.selections.has(key) ? key : undefined)
    const group = groups.get(where) ?? { match: matchOf(where), facets: [], totals: false }
    group.facets.push(facet)
    groups.set(where, group)
  }
  return [...groups.values()]
}
