import { getJson, sendJson, whoAmI } from './api.ts'
import { h, replaceChildren } from './dom.ts'
import { button, panel, signInPrompt, statusLine } from './workspace.ts'

/**
 * /profile/report: the résumé verdict (how profile and résumé meet the market of your role) and
 * the ATS report, as readable pages. Both need a profile; the ATS report also a résumé.
 */
interface VerdictSkill {
  name: string
  market_frequency: number
  must_have: boolean
  status: 'strong' | 'hidden' | 'adjacent' | 'missing' | string
  advice: string
}
interface Verdict {
  total: number
  coverage_percent: number
  coherence_percent?: number
  skills: VerdictSkill[]
  gaps?: { name: string; new_vacancies: number; unlock_percent: number }[]
}
interface AtsItem {
  points: number
  text: string
  status: 'pass' | 'warn' | 'fail'
}
interface AtsReport {
  has_cv: boolean
  report: null | { overall: number; potential: number; categories: { id: string; label: string; score: number; max: number; items: AtsItem[] }[]; strong_keywords: string[]; recommended_keywords: string[] }
}

const STATUS_TEXT: Record<string, string> = { strong: 'In profile and résumé', hidden: 'In your profile, not shown by the résumé', adjacent: 'On the résumé, not in your profile', missing: 'Missing' }

export function renderReportPage(page: HTMLElement): void {
  document.title = 'Résumé report · openroles'
  replaceChildren(page, h('h1', {}, 'How your résumé reads'), h('p', { class: 'hint' }, 'Loading…'))
  void whoAmI().then(async (me) => {
    if (!me) return replaceChildren(page, h('h1', {}, 'How your résumé reads'), signInPrompt('to see how your résumé reads for your role.'))
    const profile = await getJson<unknown>('/me/profile')
    const back = h('a', { class: 'back-link', href: '/profile' }, '← Profile and résumé')
    if (!profile.data) return replaceChildren(page, back, h('h1', {}, 'How your résumé reads'), h('p', {}, 'Fill in your profile first: the report measures your skills against your role. ', h('a', { href: '/profile' }, 'Your profile')))
    const [verdict, ats] = await Promise.all([getJson<Verdict>('/me/profile/verdict'), getJson<AtsReport>('/me/profile/ats-report')])
    replaceChildren(page, back, h('h1', {}, 'How your résumé reads'), verdictPanel(verdict.data), atsPanel(ats.data))
  }).catch((error: Error) => page.append(h('p', { role: 'alert', class: 'form-error' }, error.message)))
}

function verdictPanel(verdict: Verdict): HTMLElement {
  return panel(
    'verdict',
    'Your skills against the market',
    h('p', { class: 'score-line' }, h('strong', {}, `${verdict.coverage_percent}%`), ` coverage of the ${verdict.total} postings for your role.`, verdict.coherence_percent !== undefined ? ` Your résumé shows ${verdict.coherence_percent}% of your profile's skills.` : ''),
    h(
      'table',
      { class: 'report-table' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Skill'), h('th', { scope: 'col' }, 'Asked by'), h('th', { scope: 'col' }, 'You'), h('th', { scope: 'col' }, 'Advice'))),
      h('tbody', {}, verdict.skills.map((skill) => h('tr', { class: `skill-${skill.status}` }, h('th', { scope: 'row' }, skill.name), h('td', {}, `${skill.market_frequency}${skill.must_have ? ' (must-have)' : ''}`), h('td', {}, STATUS_TEXT[skill.status] ?? skill.status), h('td', {}, skill.advice)))),
    ),
    verdict.gaps?.length ? h('p', {}, 'Worth learning: ', verdict.gaps.map((gap, index) => [index ? ', ' : '', h('strong', {}, gap.name), ` (+${gap.new_vacancies} postings)`])) : null,
  )
}

function atsPanel(data: AtsReport): HTMLElement {
  const status = statusLine()
  if (!data.report) return panel('ats', 'ATS report', h('p', {}, 'Upload a résumé to see how an applicant tracking system reads it. ', h('a', { href: '/profile#resume' }, 'Upload')))
  const report = data.report
  const rerun = button('Run the report again', () => void status.run(() => sendJson('POST', '/me/profile/ats-report').then(() => location.reload()), 'Done.'), { class: 'link-button' })
  return panel(
    'ats',
    'ATS report',
    h('p', { class: 'score-line' }, h('strong', { id: 'ats-overall' }, `${report.overall} / 100`), ` now; ${report.potential} with the fixes below.`),
    report.categories.map((category) =>
      h(
        'div',
        { class: 'ats-category' },
        h('h3', {}, `${category.label} `, h('span', { class: 'hint' }, `${category.score} of ${category.max}`)),
        h('ul', { class: 'ats-items' }, category.items.map((item) => h('li', { class: `ats-${item.status}` }, h('span', { class: 'ats-mark', 'aria-label': item.status }, item.status === 'pass' ? '✓' : item.status === 'warn' ? '!' : '✗'), ` ${item.text}`))),
      ),
    ),
    report.strong_keywords.length ? h('p', {}, 'Keywords it reads: ', report.strong_keywords.join(', ')) : null,
    report.recommended_keywords.length ? h('p', {}, 'Keywords your role asks for that it does not find: ', report.recommended_keywords.join(', ')) : null,
    rerun,
    status.element,
  )
}
