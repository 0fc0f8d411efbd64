import type { Adapter } from './adapter.ts'
import { collect, dateOf, employmentTypeOf, isObject, joinLocation, parseJson, salaryOf, str } from './fields.ts'
import { CrawlError } from '../board-url.ts'

/**
 * Recruitee Careers Site API: GET {company}.recruitee.com/api/offers/ gives `{ offers: [{ id, title,
 * description, requirements, location, city, country, country_code, remote, hybrid, on_site,
 * careers_url, careers_apply_url, published_at, employment_type_code, company_name, salary:
 * { min, max, currency, period } }] }` in one response.
 */
export const recruitee: Adapter = {
  kind: 'recruitee',
  label: 'Recruitee',
  tokenHelp: 'careers site subdomain (<company>.recruitee.com)',
  defaultUrl: (token) => `https://${encodeURIComponent(token)}.recruitee.com/api/offers/`,
  async list(board, { http, signal }) {
    const body = parseJson(await http.get(board.url, { signal }), 'the Recruitee offers')
    if (!isObject(body) || !Array.isArray(body.offers)) throw new CrawlError('the Recruitee careers site has no "offers" list')
    return collect(body.offers, 'offer', (offer) => {
      const salary = isObject(offer.salary) ? offer.salary : {}
      return {
        id: str(offer.id),
        record: {
          title: str(offer.title),
          company: str(offer.company_name) ?? board.company,
          url: str(offer.careers_apply_url) ?? str(offer.careers_url),
          source_url: str(offer.careers_url),
          location: str(offer.location) ?? joinLocation(offer.city, offer.country),
          description: [str(offer.description), str(offer.requirements)].filter(Boolean).join('\n') || undefined,
          posted_at: dateOf(offer.published_at) ?? dateOf(offer.created_at),
          work_mode: offer.remote === true ? 'remote' : offer.hybrid === true ? 'hybrid' : offer.on_site === true ? 'onsite' : undefined,
          cities: str(offer.city) ? [str(offer.city)] : undefined,
          countries: str(offer.country_code) ? [str(offer.country_code)!.toLowerCase()] : undefined,
          employment_type: employmentTypeOf(offer.employment_type_code),
          ...salaryOf(salary.min, salary.max, salary.currency, salary.period),
        },
      }
    })
  },
}
