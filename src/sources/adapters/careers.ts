import type { Adapter, Listing } from './adapter.ts'
import { asArray, isObject, str, type Obj } from './fields.ts'
import { jobPostingNodes } from '../../ingest/json-ld.ts'

/**
 * A careers page carrying schema.org JobPosting JSON-LD: every `<script type="application/ld+json">`
 * of the page is read; JobPosting nodes (alone, in arrays, in `@graph` or as the items of an
 * ItemList) are the postings, handed to the importer as they are. The id is the posting's
 * `identifier`, else its `url`; other nodes (Organization, BreadcrumbList…) are ignored. A page
 * without any JobPosting is a board with no open job (its postings close by the usual rule).
 */
const SCRIPT = /<script[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi

function flatten(value: unknown): unknown[] {
  return asArray(value).flatMap((node) => {
    if (isObject(node) && Array.isArray(node['@graph'])) return flatten(node['@graph'])
    if (isObject(node) && asArray(node['@type']).includes('ItemList')) return flatten(asArray(node.itemListElement).map((e) => (isObject(e) && e.item ? e.item : e)))
    return [node]
  })
}

const isPosting = (node: unknown): node is Obj => isObject(node) && asArray(node['@type']).some((t) => String(t).replace(/^https?:\/\/schema\.org\//, '') === 'JobPosting')

function idOf(node: Obj, page: URL): string | undefined {
  const identifier = asArray(node.identifier)[0]
  const value = isObject(identifier) ? str(identifier.value) : str(identifier)
  if (value) return /^https?:\/\//.test(value) ? value : `${page.host}:${value}`
  const url = str(node.url)
  return url ? new URL(url, page).href : undefined
}

export const careers: Adapter = {
  kind: 'careers',
  label: 'Careers page (JSON-LD)',
  tokenHelp: 'careers page URL (https://…)',
  defaultUrl: (token) => token,
  async list(board, { http, signal }) {
    const html = await http.get(board.url, { signal, accept: 'text/html' })
    const page = new URL(board.url)
    const listing: Listing = { entries: [], malformed: [] }
    let n = 0
    for (const match of html.matchAll(SCRIPT)) {
      n += 1
      let value: unknown
      try {
        value = JSON.parse(match[1]!.trim())
      } catch {
        listing.malformed.push({ at: `script ${n}`, reason: 'invalid JSON' })
        continue
      }
      for (const [i, node] of flatten(value).filter(isPosting).entries()) {
        const at = `script ${n}, JobPosting ${i + 1}`
        const id = idOf(node, page)
        if (!id) {
          listing.malformed.push({ at, reason: 'JobPosting has neither identifier nor url' })
          continue
        }
        // The page's company stands in when a posting does not name its hiring organization.
        const record = node.hiringOrganization ? node : { ...node, hiringOrganization: { '@type': 'Organization', name: board.company } }
        if (!jobPostingNodes(record)[0]?.node) listing.malformed.push({ at, reason: 'not a JobPosting', id })
        else listing.entries.push({ id, record })
      }
    }
    return listing
  },
}
