import { getJson, type CompanyDetail } from './api.ts'
import { h, replaceChildren } from './dom.ts'
import { countryName, formatCount, humanize } from './format.ts'
import { jobCard, skeletonCard } from './job-card.ts'
import { pager } from './pager.ts'
import { queryString } from './query.ts'
import { restoreScroll } from './router.ts'
import { companyCommunity, ratingText } from './community.ts'
import { referralAsk } from './referrals.ts'

const PAGE_SIZE = 10

/** A company page: who they are and their open roles, paged. */
export function renderCompanyPage(root: HTMLElement, slug: string, params: URLSearchParams, back: HTMLElement): void {
  const header = h('header', { class: 'company-header' }, h('div', { class: 'bone bone-heading' }), h('div', { class: 'bone bone-facts' }))
  const list = h('ol', { class: 'job-list', 'aria-busy': 'true', 'aria-label': 'Open roles' }, Array.from({ length: 4 }, skeletonCard))
  const paging = h('nav', { class: 'pager', 'aria-label': 'Result pages' })
  const article = h('article', { class: 'company-page' }, header, h('h2', { id: 'roles-heading' }, 'Open roles'), list, paging)
  replaceChildren(root, back, article)
  const paged = new URLSearchParams()
  paged.set('limit', String(PAGE_SIZE))
  if (params.get('offset')) paged.set('offset', params.get('offset') as string)
  const path = `/companies/${encodeURIComponent(slug)}`
  getJson<CompanyDetail>(`${path}${queryString(paged)}`)
    .then(({ data, meta }) => {
      const { company, jobs } = data
      document.title = `${company.name}: open roles · openroles`
      const homepage = company.company_info?.homepage
      const rating = h('p', { class: 'rating-summary', id: 'rating-summary' }, ratingText({ feedback_count: company.feedback_count ?? 0, feedback_rating_avg: company.feedback_rating_avg ?? null }))
      const facts = [company.hq_country ? countryName(company.hq_country) : null, ...(company.industries ?? []).map(humanize)].filter(Boolean)
      replaceChildren(
        header,
        h('h1', {}, company.name),
        company.tagline ? h('p', { class: 'tagline' }, company.tagline) : null,
        h('p', { class: 'company-facts' }, [facts.join(' · '), homepage ? [' · ', h('a', { href: homepage, rel: 'noopener noreferrer', target: '_blank' }, 'Website')] : null]),
        company.company_info?.description ? h('p', { class: 'company-description' }, company.company_info.description) : null,
        rating,
      )
      if (!article.querySelector('.community')) article.append(...(data.referral_available ? [referralAsk(slug)] : []), companyCommunity(slug, rating))
      const total = meta?.total ?? company.job_count ?? jobs.length
      replaceChildren(document.getElementById('roles-heading') as HTMLElement, `${formatCount(total)} open ${total === 1 ? 'role' : 'roles'}`)
      replaceChildren(list, jobs.length ? jobs.map(jobCard) : h('li', { class: 'empty' }, 'No open roles right now.'))
      list.removeAttribute('aria-busy')
      replaceChildren(paging, pager(params, { total, limit: PAGE_SIZE, offset: Number(params.get('offset') ?? 0) }, PAGE_SIZE, path))
      restoreScroll()
    })
    .catch((error: Error) => {
      document.title = 'Company not found · openroles'
      replaceChildren(header, h('h1', {}, 'This company could not be shown'), h('p', { role: 'alert' }, error.message))
      replaceChildren(list)
      list.removeAttribute('aria-busy')
    })
}
