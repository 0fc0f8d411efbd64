import type { Adapter } from './adapter.ts'
import { asArray, collect, dateOf, employmentTypeOf, isObject, joinLocation, parseJson, str } from './fields.ts'
import { CrawlError } from '../board-url.ts'

/**
 * Workable's public account widget: GET apply.workable.com/api/v1/widget/accounts/{account}?details=true
 * gives `{ name, description, jobs: [{ title, shortcode, employment_type, telecommuting, url,
 * application_url, published_on, created_at, city, state, country, locations: [{ city, region,
 * country, countryCode }], description }] }` in one response. The shortcode is the job's id.
 */
export const workable: Adapter = {
  kind: 'workable',
  label: 'Workable',
  tokenHelp: 'account subdomain (apply.workable.com/<account>)',
  defaultUrl: (token) => `https://apply.workable.com/api/v1/widget/accounts/${encodeURIComponent(token)}?details=true`,
  async list(board, { http, signal }) {
    const body = parseJson(await http.get(board.url, { signal }), 'the Workable account')
    if (!isObject(body) || !Array.isArray(body.jobs)) throw new CrawlError('the Workable account has no "jobs" list')
    return collect(body.jobs, 'job', (job) => {
      const places = asArray(job.locations).filter(isObject)
      return {
        id: str(job.shortcode),
        record: {
          title: str(job.title),
          company: str(body.name) ?? board.company,
          url: str(job.application_url) ?? str(job.url),
          source_url: str(job.url) ?? str(job.shortlink),
          location: joinLocation(job.city, job.state, job.country),
          description: str(job.description),
          posted_at: dateOf(job.published_on) ?? dateOf(job.created_at),
          work_mode: job.telecommuting === true ? 'remote' : undefined,
          cities: places.map((p) => str(p.city)).filter(Boolean),
          countries: places.map((p) => str(p.countryCode) ?? str(p.country)).filter(Boolean),
          employment_type: employmentTypeOf(job.employment_type),
        },
      }
    })
  },
}
