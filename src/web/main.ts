import { h } from './dom.ts'
import { renderCompanyPage } from './company-page.ts'
import { renderInsightsPage } from './insights-page.ts'
import { renderJobPage } from './job-page.ts'
import { startRouter } from './router.ts'
import { createSearchPage } from './search-page.ts'
import { renderBoardPage } from './board-page.ts'
import { renderModerationPage } from './moderation-page.ts'
import { renderReferralsPage } from './referrals.ts'
import { whoAmI } from './api.ts'
import { renderAccountPage } from './account-page.ts'
import { renderSharedListPage } from './shared-list-page.ts'

/** Boots the page: one search view kept alive (so going back is instant), job and company views built per visit. */
const root = document.getElementById('main') as HTMLElement
document.body.append(h('div', { id: 'live-region', class: 'sr-only', 'aria-live': 'polite' }))
const searchPage = createSearchPage()
// Signed-in people get links to their board and referral inbox, moderators one to their queue.
whoAmI().then((me) => {
  const header = document.querySelector('.site-header')
  if (me) header?.append(h('a', { class: 'header-link', id: 'board-link', href: '/board' }, 'Your board'))
  if (me) header?.append(h('a', { class: 'header-link', href: '/referrals' }, 'Referrals'))
  if (me?.role === 'moderator') header?.append(h('a', { class: 'header-link', href: '/moderation' }, 'Moderation'))
  header?.append(h('a', { class: 'header-link', id: 'account-link', href: '/account' }, me ? 'Account' : 'Sign in'))
})
const detail = h('div', { class: 'detail-page' })
let lastSearch = '/'
let cameFromSearch = false

/** "Back to results": the browser's own back when the results are the previous entry, so their scroll position returns. */
function backLink(): HTMLElement {
  return h(
    'a',
    {
      class: 'back-link',
      href: lastSearch,
      onclick: (event: Event) => {
        if (!cameFromSearch) return
        event.preventDefault()
        history.back()
      },
    },
    cameFromSearch || lastSearch !== '/' ? '← Back to results' : '← All jobs',
  )
}

/** A hand-edited URL may hold a broken %-escape: pass it on as typed and let the API answer 404. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

startRouter((url) => {
  const job = url.pathname.match(/^\/jobs\/([^/]+)$/)
  const company = url.pathname.match(/^\/companies\/([^/]+)$/)
  if (url.pathname === '/account') {
    cameFromSearch = false
    root.replaceChildren(detail)
    renderAccountPage(detail)
    return
  }
  const sharedList = url.pathname.match(/^\/lists\/([^/]+)$/)
  if (sharedList) {
    cameFromSearch = false
    root.replaceChildren(detail)
    renderSharedListPage(detail, decodeSegment(sharedList[1]))
    return
  }
  if (url.pathname === '/board') {
    cameFromSearch = false
    root.replaceChildren(detail)
    renderBoardPage(detail)
    return
  }
  const moderation = url.pathname === '/moderation'
  const referrals = url.pathname === '/referrals'
  const insights = url.pathname === '/insights'
  const onSearch = !job && !company && !moderation && !referrals && !insights
  if (onSearch) {
    lastSearch = url.pathname + url.search
    if (!root.contains(searchPage.element)) root.replaceChildren(searchPage.element)
    searchPage.show(url.searchParams)
    cameFromSearch = true
    return
  }
  cameFromSearch = cameFromSearch && root.contains(searchPage.element)
  const back = backLink()
  root.replaceChildren(detail)
  if (job) renderJobPage(detail, decodeSegment(job[1]), back)
  else if (insights) renderInsightsPage(detail)
  else if (company) renderCompanyPage(detail, decodeSegment(company[1]), url.searchParams, back)
  else if (referrals) renderReferralsPage(detail, back)
  else renderModerationPage(detail, back)
})
