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
import { renderProfilePage } from './profile-page.ts'
import { renderReportPage } from './report-page.ts'
import { renderCvListPage, renderCvPage } from './cvs-page.ts'
import { renderInboxPage } from './inbox-page.ts'

/** Boots the page: one search view kept alive (so going back is instant), job and company views built per visit. */
const root = document.getElementById('main') as HTMLElement
document.body.append(h('div', { id: 'live-region', class: 'sr-only', 'aria-live': 'polite' }))
const searchPage = createSearchPage()
// Signed-in people get links to their workspace (board, profile, CVs, inbox, referrals), moderators one to their queue.
whoAmI().then((me) => {
  const link = (href: string, text: string, id?: string) => h('a', { class: 'header-link', href, id }, text)
  const links = me
    ? [link('/board', 'Board', 'board-link'), link('/profile', 'Profile', 'profile-link'), link('/cvs', 'CVs', 'cvs-link'), link('/inbox', 'Inbox', 'inbox-link'), link('/referrals', 'Referrals'), me.role === 'moderator' ? link('/moderation', 'Moderation') : null]
    : []
  document.querySelector('.site-header')?.append(h('nav', { class: 'me-nav', 'aria-label': 'Your workspace' }, links, link('/account', me ? 'Account' : 'Sign in', 'account-link')))
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
  const workspace: Record<string, (page: HTMLElement) => void> = { '/profile': renderProfilePage, '/profile/report': renderReportPage, '/cvs': renderCvListPage, '/inbox': renderInboxPage }
  const cv = url.pathname.match(/^\/cvs\/([^/]+)$/)
  if (workspace[url.pathname] || cv) {
    cameFromSearch = false
    root.replaceChildren(detail)
    if (cv) renderCvPage(detail, decodeSegment(cv[1]))
    else workspace[url.pathname](detail)
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
