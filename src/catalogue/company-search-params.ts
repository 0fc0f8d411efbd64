import { foldText } from '../vocabulary/fold.ts'
import { COMPANY_FILTERS, type CompanyFilter, type CompanyQuery } from './company-index.ts'

/**
 * Query string -> company search query, judged against the company vocabulary: a parameter that is
 * neither a company filter nor one the endpoint reads (a job facet, a typo) is reported in
 * `ignored`, at most 10, with `did_you_mean` only for a singular/plural slip (same rules as job search).
 */
export interface IgnoredParam {
  param: string
  did_you_mean?: string
}

const MAX_IGNORED = 10
const FILTERS = new Set<string>(COMPANY_FILTERS)

/** The other grammatical number of a name: industry <-> industries, company_type <-> company_types. */
function numberVariants(name: string): string[] {
  const out = [name + 's']
  if (name.endsWith('ies')) out.push(name.slice(0, -3) + 'y')
  else if (name.endsWith('es')) out.push(name.slice(0, -2), name.slice(0, -1))
  else if (name.endsWith('s')) out.push(name.slice(0, -1))
  if (name.endsWith('y')) out.push(name.slice(0, -1) + 'ies')
  if (/(ch|sh|x)$/.test(name)) out.push(name + 'es')
  return out
}

export function parseCompanyParams(params: URLSearchParams, endpointParams: readonly string[]): { query: CompanyQuery; ignored?: IgnoredParam[] } {
  const known = (name: string) => FILTERS.has(name) || endpointParams.includes(name)
  const filters: CompanyQuery['filters'] = {}
  const ignored: IgnoredParam[] = []
  for (const name of new Set(params.keys())) {
    if (!known(name)) {
      const didYouMean = numberVariants(name).find(known)
      ignored.push(didYouMean ? { param: name, did_you_mean: didYouMean } : { param: name })
      continue
    }
    if (!FILTERS.has(name)) continue
    const values = new Set<string>()
    for (const raw of params.getAll(name)) {
      for (const part of raw.split(',')) {
        const value = part.trim().toLowerCase()
        if (value) values.add(value)
      }
    }
    if (values.size) filters[name as CompanyFilter] = [...values]
  }
  const q = foldText(params.get('q') ?? '').replace(/\s+/g, ' ').trim()
  const query: CompanyQuery = q ? { q, filters } : { filters }
  // Sorted by name before capping, as job search does.
  const listed = ignored.sort((a, b) => (a.param < b.param ? -1 : a.param > b.param ? 1 : 0)).slice(0, MAX_IGNORED)
  return listed.length ? { query, ignored: listed } : { query }
}
