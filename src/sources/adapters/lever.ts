import type { Adapter } from './adapter.ts'
import { asArray, collect, dateOf, employmentTypeOf, isObject, parseJson, readPages, salaryOf, str, workModeOf } from './fields.ts'
import { CrawlError } from '../board-url.ts'

/**
 * Lever Postings API: GET api.lever.co/v0/postings/{site}?mode=json&skip=N&limit=M gives a JSON
 * array of postings `{ id, text, categories: { location, commitment, team }, country, description,
 * lists: [{ text, content }], additional, hostedUrl, applyUrl, workplaceType, salaryRange }`.
 * Pages are read until one comes back short.
 */
const PAGE = 100

export const lever: Adapter = {
  kind: 'lever',
  label: 'Lever',
  tokenHelp: 'site name (jobs.lever.co/<site>)',
  defaultUrl: (token) => `https://api.lever.co/v0/postings/${encodeURIComponent(token)}?mode=json`,
  list(board, context) {
    const { http, signal } = context
    return readPages(board, context, { offset: 'skip', size: PAGE, label: 'Lever' }, async (url, page) => {
      const body = parseJson(await http.get(url.href, { signal }), 'the Lever postings')
      if (!Array.isArray(body)) throw new CrawlError('the Lever postings are not a list')
      const listing = collect(body, `posting ${page * PAGE}+`, (posting) => {
        const categories = isObject(posting.categories) ? posting.categories : {}
        const salary = isObject(posting.salaryRange) ? posting.salaryRange : {}
        const lists = asArray(posting.lists).filter(isObject).map((l) => `<h3>${str(l.text) ?? ''}</h3><ul>${str(l.content) ?? ''}</ul>`)
        return {
          id: str(posting.id),
          record: {
            title: str(posting.text),
            company: board.company,
            url: str(posting.applyUrl) ?? str(posting.hostedUrl),
            source_url: str(posting.hostedUrl),
            location: str(categories.location),
            description: [str(posting.description), ...lists, str(posting.additional)].filter(Boolean).join('\n'),
            posted_at: dateOf(posting.createdAt),
            work_mode: workModeOf(posting.workplaceType),
            countries: str(posting.country) ? [str(posting.country)!.toLowerCase()] : undefined,
            employment_type: employmentTypeOf(categories.commitment),
            ...salaryOf(salary.min, salary.max, salary.currency, salary.interval),
          },
        }
      })
      return { listing, last: body.length < PAGE }
    })
  },
}
