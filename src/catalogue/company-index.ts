import type { DB } from '../db/connection.ts'
import { foldText } from '../vocabulary/fold.ts'

/**
 * Every company with at least one open role, in memory, in the default order (open roles
 * descending, then name), with the values each company-search filter matches against. Built from
 * companies + company_stats and kept by CatalogueMemory (catalogue-memory.ts) until the catalogue
 * changes, so a search is a scan over the companies in memory instead of a GROUP BY over the postings.
 *
 * Held by column, each list as codes into one dictionary per list, not as an object per company:
 * ~77k companies with 16 lists each at a million postings were over a million small objects, which
 * a start built (or read back) and the collector then copied; the columns are plain data that
 * memory-file.ts saves and reads as they are. A search matches codes; the page's companies are
 * made into CompanyEntry objects.
 */
export const COMPANY_FILTERS = [
  'collections', 'regions', 'countries', 'remote_regions', 'industries', 'domains',
  'company_type', 'company_size', 'maturity', 'yc_batch', 'yc_status', 'yc_stage', 'yc_flags', 'subindustries',
] as const
export type CompanyFilter = (typeof COMPANY_FILTERS)[number]

/** One company of a search's page (its tagline, the longest text, is read for the page only: company-search.ts). */
export interface CompanyEntry {
  id: number
  slug: string
  name: string
  hqCountry: string | null
  industries: string[]
  collections: string[]
  jobCount: number
}

/** A list per company: its values as codes of `names` (0 for an empty list, most of them). */
interface CodedList {
  names: string[]
  codes: (number[] | 0)[]
}

/** The columns, in the default order; plain data (saved as JSON by memory-file.ts). */
export interface CompanyColumns {
  ids: number[]
  slugs: string[]
  names: string[]
  hqCountries: (string | null)[]
  jobCounts: number[]
  /** Folded (lowercase, accents removed) names, for `q`. */
  nameKeys: string[]
  /** The industries and collections as written, for the JSON. */
  industries: CodedList
  collections: CodedList
  /** Lowercased values per filter. */
  values: Record<CompanyFilter, CodedList>
}

export interface CompanyQuery {
  /** Folded name fragment. */
  q?: string
  /** Values per filter (lowercased): OR within a filter, AND across filters. */
  filters: Partial<Record<CompanyFilter, string[]>>
}

export class CompanyIndex {
  private ranks: Map<number, number> | undefined

  constructor(readonly columns: CompanyColumns) {}

  get size(): number {
    return this.columns.ids.length
  }

  entry(rank: number): CompanyEntry {
    const c = this.columns
    const decoded = ({ names, codes }: CodedList) => {
      const own = codes[rank]!
      return own === 0 ? [] : own.map((code) => names[code]!)
    }
    return {
      id: c.ids[rank]!, slug: c.slugs[rank]!, name: c.names[rank]!, hqCountry: c.hqCountries[rank]!,
      industries: decoded(c.industries), collections: decoded(c.collections), jobCount: c.jobCounts[rank]!,
    }
  }

  /** The rank of a company with open roles. */
  rankOf(id: number): number | undefined {
    this.ranks ??= new Map(this.columns.ids.map((companyId, rank) => [companyId, rank]))
    return this.ranks.get(id)
  }

  /** Whether the company at a rank passes the query: the query's values made codes once, then compared per company. */
  matcher(query: CompanyQuery): (rank: number) => boolean {
    const { nameKeys, values } = this.columns
    const q = query.q
    const tests = (Object.entries(query.filters) as [CompanyFilter, string[]][]).map(([filter, wanted]) => {
      const { names, codes } = values[filter]
      const want = new Set(names.flatMap((name, code) => (wanted.includes(name) ? [code] : [])))
      return (rank: number) => {
        const own = codes[rank]!
        return own !== 0 && own.some((code) => want.has(code))
      }
    })
    return (rank) => (!q || nameKeys[rank]!.includes(q)) && tests.every((test) => test(rank))
  }

  /** How many companies carry each value of a filter. */
  valueCounts(filter: CompanyFilter): Map<string, number> {
    const { names, codes } = this.columns.values[filter]
    const counts = new Uint32Array(names.length)
    for (const own of codes) if (own !== 0) for (const code of own) counts[code]!++
    return new Map(names.map((name, code) => [name, counts[code]!]))
  }
}

/** Codes lists into one dictionary as they are added. */
function listCoder(): { add: (values: readonly string[]) => void; list: CodedList } {
  const codeOf = new Map<string, number>()
  const list: CodedList = { names: [], codes: [] }
  const code = (value: string) => {
    let known = codeOf.get(value)
    if (known === undefined) {
      codeOf.set(value, (known = list.names.length))
      list.names.push(value)
    }
    return known
  }
  return { add: (values) => list.codes.push(values.length ? values.map(code) : 0), list }
}

// Most lists of most companies are empty: 15 of them for each of ~77k companies at a million postings.
const NONE: readonly string[] = Object.freeze([])
const list = (json: unknown): readonly string[] => (typeof json === 'string' && json !== '[]' ? (JSON.parse(json) as string[]) : NONE)
const lower = (values: readonly string[]) => (values.length ? [...new Set(values.map((v) => v.toLowerCase()))] : NONE)

interface Row {
  id: number
  slug: string
  name: string
  hq_country: string | null
  industries: string
  subindustries: string
  company_type: string | null
  company_size: string | null
  maturity: string | null
  yc_batch: string
  yc_status: string
  yc_stage: string
  yc_flags: string
  job_count: number
  regions: string
  countries: string
  remote_regions: string
  domains: string
  company_types: string
  company_sizes: string
}

/** Companies with open roles in the default order. The caller has brought company_stats up to date. */
export function buildCompanyIndex(db: DB): CompanyIndex {
  const collections = new Map<number, string[]>()
  for (const { company_id, collection } of db.prepare('SELECT company_id, collection FROM company_collections ORDER BY collection').all() as {
    company_id: number
    collection: string
  }[]) {
    const own = collections.get(company_id)
    if (own) own.push(collection)
    else collections.set(company_id, [collection])
  }
  const rows = (
    db
      .prepare(
        `SELECT c.id, c.slug, c.name, c.hq_country, c.industries, c.subindustries, c.company_type, c.company_size, c.maturity,
           c.yc_batch, c.yc_status, c.yc_stage, c.yc_flags, s.job_count, s.regions, s.countries, s.remote_regions,
           s.domains, s.company_types, s.company_sizes
         FROM company_stats s JOIN companies c ON c.id = s.company_id WHERE s.job_count > 0`,
      )
      .all() as Row[]
  ).map((row) => ({ row, nameKey: foldText(row.name) }))
  rows.sort((a, b) => b.row.job_count - a.row.job_count || compareNames(a, b))
  const industries = listCoder()
  const collectionLists = listCoder()
  const values = Object.fromEntries(COMPANY_FILTERS.map((filter) => [filter, listCoder()])) as Record<CompanyFilter, ReturnType<typeof listCoder>>
  for (const { row } of rows) {
    const own = collections.get(row.id) ?? NONE
    const industryList = list(row.industries)
    industries.add(industryList)
    collectionLists.add(own)
    values.collections.add(lower(own))
    values.regions.add(lower(list(row.regions)))
    values.countries.add(lower(list(row.countries)))
    values.remote_regions.add(lower(list(row.remote_regions)))
    values.industries.add(lower(industryList))
    values.domains.add(lower(list(row.domains)))
    values.company_type.add(lower([...list(row.company_types), ...(row.company_type ? [row.company_type] : [])]))
    values.company_size.add(lower([...list(row.company_sizes), ...(row.company_size ? [row.company_size] : [])]))
    values.maturity.add(lower(row.maturity ? [row.maturity] : NONE))
    values.yc_batch.add(lower(list(row.yc_batch)))
    values.yc_status.add(lower(list(row.yc_status)))
    values.yc_stage.add(lower(list(row.yc_stage)))
    values.yc_flags.add(lower(list(row.yc_flags)))
    values.subindustries.add(lower(list(row.subindustries)))
  }
  return new CompanyIndex({
    ids: rows.map(({ row }) => row.id),
    slugs: rows.map(({ row }) => row.slug),
    names: rows.map(({ row }) => row.name),
    hqCountries: rows.map(({ row }) => row.hq_country),
    jobCounts: rows.map(({ row }) => row.job_count),
    nameKeys: rows.map(({ nameKey }) => nameKey),
    industries: industries.list,
    collections: collectionLists.list,
    values: Object.fromEntries(COMPANY_FILTERS.map((filter) => [filter, values[filter].list])) as Record<CompanyFilter, CodedList>,
  })
}

function compareNames(a: { row: Row; nameKey: string }, b: { row: Row; nameKey: string }): number {
  return a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : a.row.slug < b.row.slug ? -1 : a.row.slug > b.row.slug ? 1 : 0
}
