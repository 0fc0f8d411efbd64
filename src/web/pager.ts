import type { Meta } from './api.ts'
import { h } from './dom.ts'
import { formatCount } from './format.ts'
import { queryString } from './query.ts'

/** The API refuses offset + limit beyond this (docs/api.md "Paging"). */
const DEEPEST_RESULT = 10000

/** Previous / next links and the position, as real links so every page has its own URL. */
export function pager(params: URLSearchParams, meta: Meta, defaultLimit: number, path = '/'): HTMLElement[] {
  const total = Math.min(meta.total ?? 0, DEEPEST_RESULT)
  const limit = meta.limit ?? defaultLimit
  const offset = meta.offset ?? 0
  if (total <= limit && offset === 0) return []
  const page = Math.floor(offset / limit) + 1
  const pages = Math.max(1, Math.ceil(total / limit))
  const at = (nextOffset: number) => {
    const next = new URLSearchParams(params)
    if (nextOffset > 0) next.set('offset', String(nextOffset))
    else next.delete('offset')
    return `${path}${queryString(next)}`
  }
  const link = (label: string, nextOffset: number, rel: string, enabled: boolean) =>
    enabled ? h('a', { class: 'pager-link', href: at(nextOffset), rel }, label) : h('span', { class: 'pager-link disabled', 'aria-disabled': 'true' }, label)
  return [
    link('← Previous', Math.max(0, offset - limit), 'prev', offset > 0),
    h('span', { class: 'pager-position' }, `Page ${formatCount(page)} of ${formatCount(pages)}`),
    link('Next →', offset + limit, 'next', offset + limit < total && offset + 2 * limit <= DEEPEST_RESULT),
  ]
}
