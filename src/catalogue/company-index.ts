import type { DB } from '../db/connection.ts'
import { foldText } from '../vocabulary/fold.ts'

/**
 * Every company with at least one open role, in memory, in the default order (open roles
 * descending, then name), with the values each company-search filter matches against. Built from
 * companies + company_stats and kept by CatalogueMemory (catalogue-memory.ts) until the catalogue
 * changes, so a search is a scan over a few thousand small objects instead of a GROUP BY over the
 * postings.
 */
export const COMPANY_FILTERS = [
  'collections', 'regions', 'countries', 'remote_regions', 'industries', 'domains',
  'company_type', 'company_size', 'maturity', 'yc_batch', 'yc_status', 'yc_stage', 'yc_flags', 'subindustries',
] as const
export type CompanyFilter = (typeof COMPANY_FILTERS)[number]

export interface CompanyEntry {
  id: number
  slug: string
  name: string
  tagline: string | null
  hqCountry: string | null
  industries: string[]
  collections: string[]
  jobCount: number
  /** Position in the default order. */
  rank: number
  /** Folded (lowercase, accents removed) name, for `q`. */
  nameKey: string
  /** Lowercased values per filter. */
  values: Record<CompanyFilter, string[]>
}

export interface CompanyIndex {
  entries: CompanyEntry[]
  byId: Map<number, CompanyEntry>
}

// Most lists of most companies are empty: 15 of them for each of ~77k companies at a million postings.
const list = (json: unknown): string[] => (typeof json === 'string' && json !== '[]' ? (JSON.parse(json) as string[]) : [])
const lower = (values: string[]) => (values.length ? [...new Set(values.map((v) => v.toLowerCase()))] : [])

interface Row {
  id: number
  slug: string
  name: string
  tagline: string | null
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

function buildEntries(db: DB): CompanyEntry[] {
  const collections = new Map<number, string[]>()
  for (const { company_id, collection } of db.prepare('SELECT company_id, collection FROM company_collections ORDER BY collection').all() as {
    company_id: number
    collection: string
  }[]) {
    const own = collections.get(company_id)
    if (own) own.push(collection)
    else collections.set(company_id, [collection])
  }
  const rows = db
    .prepare(
      `SELECT c.id, c.slug, c.name, c.tagline, c.hq_country, c.industries, c.subindustries, c.company_type, c.company_size, c.maturity,
         c.yc_batch, c.yc_status, c.yc_stage, c.yc_flags, s.job_count, s.regions, s.countries, s.remote_regions,
         s.domains, s.company_types, s.company_sizes
       FROM company_stats s JOIN companies c ON c.id = s.company_id WHERE s.job_count > 0`,
    )
    .all() as Row[]
  const entries = rows.map((row): CompanyEntry => {
    const own = collections.get(row.id) ?? []
    const industries = list(row.industries)
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      tagline: row.tagline,
      hqCountry: row.hq_country,
      industries,
      collections: own,
      jobCount: row.job_count,
      rank: 0,
      nameKey: foldText(row.name),
      values: {
        collections: lower(own),
        regions: lower(list(row.regions)),
        countries: lower(list(row.countries)),
        remote_regions: lower(list(row.remote_regions)),
        industries: lower(industries),
        domains: lower(list(row.domains)),
        company_type: lower([...list(row.company_types), ...(row.company_type ? [row.company_type] : [])]),
        company_size: lower([...list(row.company_sizes), ...(row.company_size ? [row.company_size] : [])]),
        maturity: lower(row.maturity ? [row.maturity] : []),
        yc_batch: lower(list(row.yc_batch)),
        yc_status: lower(list(row.yc_status)),
        yc_stage: lower(list(row.yc_stage)),
        yc_flags: lower(list(row.yc_flags)),
        subindustries: lower(list(row.subindustries)),
      },
    }
  })
  entries.sort((a, b) => b.jobCount - a.jobCount || compareNames(a, b))
  entries.forEach((entry, rank) => (entry.rank = rank))
  return entries
}

function compareNames(a: CompanyEntry, b: CompanyEntry): number {
  return a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0
}

/** Companies with open roles in the default order, by id too. The caller has brought company_stats up to date. */
export function buildCompanyIndex(db: DB): CompanyIndex {
  return indexOf(buildEntries(db))
}

const indexOf = (entries: CompanyEntry[]): CompanyIndex => ({ entries, byId: new Map(entries.map((entry) => [entry.id, entry])) })

/**
 * The index as saved beside the database (memory-file.ts): one array per field in the default
 * order, and each list as codes into one dictionary per list (0 for an empty one, most of them), so
 * reading it back costs a fraction of building it from SQL (~1.2 s at a million postings).
 */
export interface PackedCompanies {
  rows: [id: number, slug: string, name: string, tagline: string | null, hqCountry: string | null, jobCount: number, nameKey: string][]
  lists: Record<string, { names: string[]; codes: (number[] | 0)[] }>
}

const LISTS = ['industries', 'collections', ...COMPANY_FILTERS.map((filter) => `values.${filter}`)] as const
const listOf = (entry: CompanyEntry, list: (typeof LISTS)[number]): string[] =>
  list === 'industries' || list === 'collections' ? entry[list] : entry.values[list.slice('values.'.length) as CompanyFilter]

export function packCompanies(index: CompanyIndex): PackedCompanies {
  const lists: PackedCompanies['lists'] = {}
  for (const list of LISTS) {
    const codeOf = new Map<string, number>()
    const codes = index.entries.map((entry) => {
      const values = listOf(entry, list)
      if (!values.length) return 0
      return values.map((value) => codeOf.get(value) ?? (codeOf.set(value, codeOf.size), codeOf.size - 1))
    })
    lists[list] = { names: [...codeOf.keys()], codes }
  }
  return { rows: index.entries.map((e) => [e.id, e.slug, e.name, e.tagline, e.hqCountry, e.jobCount, e.nameKey]), lists }
}

export function unpackCompanies(packed: PackedCompanies): CompanyIndex {
  const decode = (list: (typeof LISTS)[number], at: number): string[] => {
    const { names, codes } = packed.lists[list]!
    const own = codes[at]!
    return own === 0 ? [] : own.map((code) => names[code]!)
  }
  const entries = packed.rows.map(([id, slug, name, tagline, hqCountry, jobCount, nameKey], rank): CompanyEntry => {
    const values = {} as Record<CompanyFilter, string[]>
    for (const filter of COMPANY_FILTERS) values[filter] = decode(`values.${filter}`, rank)
    return { id, slug, name, tagline, hqCountry, industries: decode('industries', rank), collections: decode('collections', rank), jobCount, rank, nameKey, values }
  })
  return indexOf(entries)
}

export interface CompanyQuery {
  /** Folded name fragment. */
  q?: string
  /** Values per filter (lowercased): OR within a filter, AND across filters. */
  filters: Partial<Record<CompanyFilter, string[]>>
}

/** Whether a company passes the query. */
export function companyMatches(entry: CompanyEntry, query: CompanyQuery): boolean {
  if (query.q && !entry.nameKey.includes(query.q)) return false
  for (const [filter, wanted] of Object.entries(query.filters) as [CompanyFilter, string[]][]) {
    const have = entry.values[filter]
    if (!wanted.some((value) => have.includes(value))) return false
  }
  return true
}
