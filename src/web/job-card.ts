import type { Job } from './api.ts'
import { h } from './dom.ts'
import { formatAge, formatLocation, formatSalary, valueLabel } from './format.ts'

const REALITY_HINT: Record<string, string> = {
  fresh: 'Recently posted and not a repost',
  stale: 'Open for a long time without a refresh',
  'likely-evergreen': 'Reposted again and again: possibly an always-open role',
}

/** The reality class and the ghost signal as small badges, with the evidence in their titles. */
export function signalBadges(job: Job): HTMLElement[] {
  const badges: HTMLElement[] = []
  const reality = job.reality
  if (reality) {
    const detail = [REALITY_HINT[reality.class], reality.repost_count ? `reposted ${reality.repost_count}×` : '', reality.fake_freshness ? 'date restamped by the source' : '']
      .filter(Boolean)
      .join('; ')
    badges.push(h('span', { class: `badge reality-${reality.class}`, title: detail }, valueLabel('reality', reality.class)))
  }
  if (job.ghost) {
    const title = `Ghost-job signals: ${job.ghost.criteria.map((criterion) => criterion.replace(/_/g, ' ')).join(', ')}`
    badges.push(h('span', { class: `badge ghost-${job.ghost.level}`, title }, job.ghost.level === 'likely' ? 'Likely ghost' : 'Possible ghost'))
  }
  if (job.closed_at) badges.push(h('span', { class: 'badge closed' }, 'Closed'))
  return badges
}

/** One result row: title, company, location, salary, work mode, age and the reality/ghost signal. */
export function jobCard(job: Job): HTMLElement {
  const salary = formatSalary(job)
  const age = formatAge(job.posted_at)
  return h(
    'li',
    { class: 'job-card' },
    h(
      'div',
      { class: 'job-card-head' },
      h('a', { class: 'job-title', href: `/jobs/${encodeURIComponent(job.public_slug)}` }, job.title),
      h('span', { class: 'job-badges' }, signalBadges(job)),
    ),
    h(
      'div',
      { class: 'job-facts' },
      job.company_slug ? h('a', { class: 'job-company', href: `/companies/${encodeURIComponent(job.company_slug)}` }, job.company) : h('span', { class: 'job-company' }, job.company),
      h('span', { class: 'job-location' }, formatLocation(job)),
      job.work_mode ? h('span', { class: `work-mode mode-${job.work_mode}` }, valueLabel('work_mode', job.work_mode)) : null,
      salary ? h('span', { class: 'job-salary' }, salary) : null,
      age ? h('time', { class: 'job-age', datetime: job.posted_at ?? '' }, age) : null,
      alsoListed(job),
    ),
    // The search preview is already HTML-escaped by the API; render it as text after decoding entities.
    job.description ? h('p', { class: 'job-preview' }, decodeEntities(job.description)) : null,
  )
}

/** A search card stands for its whole role: where else it is listed, the full list on the job page (copies). */
function alsoListed(job: Job): HTMLElement | null {
  const count = job.copies_count ?? 0
  if (!count) return null
  const places = job.locations_also ?? []
  const text = places.length ? `also ${places.slice(0, 2).join(' · ')}${places.length > 2 ? ` +${places.length - 2}` : ''}` : `+${count} more ${count === 1 ? 'listing' : 'listings'}`
  return h('a', { class: 'job-also', href: `/jobs/${encodeURIComponent(job.public_slug)}#copies`, title: `${count} other ${count === 1 ? 'listing' : 'listings'} of this role${places.length ? `: ${places.join(', ')}` : ''}` }, text)
}

/** A placeholder row of the same height as a real one, so nothing moves when results arrive. */
export function skeletonCard(): HTMLElement {
  return h('li', { class: 'job-card skeleton', 'aria-hidden': 'true' }, h('div', { class: 'bone bone-title' }), h('div', { class: 'bone bone-facts' }), h('div', { class: 'bone bone-text' }), h('div', { class: 'bone bone-text short' }))
}

function decodeEntities(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  return doc.body.textContent ?? ''
}
