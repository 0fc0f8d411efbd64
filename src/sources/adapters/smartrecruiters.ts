import type { Adapter } from './adapter.ts'
import { collect, dateOf, employmentTypeOf, isObject, joinLocation, parseJson, readPages, str, type Obj } from './fields.ts'
import { CrawlError } from '../board-url.ts'

/**
 * SmartRecruiters Posting API: GET api.smartrecruiters.com/v1/companies/{company}/postings?offset=N&limit=M
 * gives `{ offset, limit, totalFound, content: [{ id, name, company: { name }, releasedDate,
 * location: { city, region, country, remote, hybrid }, typeOfEmployment: { label } }] }`; the job ad
 * (`jobAd.sections`, `applyUrl`, `postingUrl`) comes from GET …/postings/{id}, which is read only for
 * postings that are new or changed in the list.
 */
const PAGE = 100
const SECTIONS = ['companyDescription', 'jobDescription', 'qualifications', 'additionalInformation']

function adOf(detail: unknown): Obj {
  if (!isObject(detail)) throw new CrawlError('a SmartRecruiters posting is not an object')
  const sections = isObject(detail.jobAd) && isObject(detail.jobAd.sections) ? detail.jobAd.sections : {}
  const html = SECTIONS.map((key) => sections[key])
    .filter(isObject)
    .map((s) => `${str(s.title) ? `<h3>${str(s.title)}</h3>` : ''}${str(s.text) ?? ''}`)
  return { description: html.join('\n') || undefined, url: str(detail.applyUrl) ?? str(detail.postingUrl), source_url: str(detail.postingUrl) }
}

export const smartrecruiters: Adapter = {
  kind: 'smartrecruiters',
  label: 'SmartRecruiters',
  tokenHelp: 'company identifier (careers.smartrecruiters.com/<company>)',
  defaultUrl: (token) => `https://api.smartrecruiters.com/v1/companies/${encodeURIComponent(token)}/postings`,
  list(board, context) {
    const { http, signal } = context
    return readPages(board, context, { offset: 'offset', size: PAGE, label: 'SmartRecruiters' }, async (url, page) => {
      const body = parseJson(await http.get(url.href, { signal }), 'the SmartRecruiters postings')
      if (!isObject(body) || !Array.isArray(body.content)) throw new CrawlError('the SmartRecruiters postings have no "content" list')
      const listing = collect(body.content, `posting ${page * PAGE}+`, (posting) => {
        const id = str(posting.id)
        const location = isObject(posting.location) ? posting.location : {}
        const record = {
          title: str(posting.name),
          company: (isObject(posting.company) ? str(posting.company.name) : undefined) ?? board.company,
          location: str(location.fullLocation) ?? joinLocation(location.city, location.region, location.country),
          posted_at: dateOf(posting.releasedDate),
          work_mode: location.remote === true ? 'remote' : location.hybrid === true ? 'hybrid' : undefined,
          cities: str(location.city) ? [str(location.city)] : undefined,
          countries: str(location.country) ? [str(location.country)!.toLowerCase()] : undefined,
          employment_type: isObject(posting.typeOfEmployment) ? employmentTypeOf(posting.typeOfEmployment.label) : undefined,
        }
        const detailUrl = `${url.origin}${url.pathname.replace(/\/+$/, '')}/${encodeURIComponent(id ?? '')}`
        return { id, record, complete: async () => ({ ...record, ...adOf(parseJson(await http.get(detailUrl, { signal }), 'a SmartRecruiters posting')) }) }
      })
      const total = typeof body.totalFound === 'number' ? body.totalFound : 0
      return { listing, last: body.content.length < PAGE || (page + 1) * PAGE >= total }
    })
  },
}
