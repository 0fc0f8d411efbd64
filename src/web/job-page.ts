import { getJson, type Job } from './api.ts'
import { h, replaceChildren } from './dom.ts'
import { formatAge, formatLocation, formatSalary, humanize, valueLabel } from './format.ts'
import { jobCard, signalBadges, skeletonCard } from './job-card.ts'
import { restoreScroll } from './router.ts'
import { trackControl } from './track-control.ts'
import { fitPanel } from './fit-panel.ts'
import { tailorButton } from './cvs-page.ts'

const SIMILAR = 6

/** The job view: full description, facts, signals, similar jobs and other postings of the same role. */
export function renderJobPage(root: HTMLElement, slug: string, back: HTMLElement): void {
  const article = h('article', { class: 'job-page', 'aria-busy': 'true' }, h('div', { class: 'bone bone-heading' }), h('div', { class: 'bone bone-facts' }), h('div', { class: 'job-description placeholder' }))
  const similar = relatedSection('similar', 'Similar jobs')
  const copies = relatedSection('copies', 'Other postings of this role')
  replaceChildren(root, back, article, similar.section, copies.section)
  const path = `/jobs/${encodeURIComponent(slug)}`
  getJson<Job>(path)
    .then(({ data: job }) => {
      document.title = `${job.title} at ${job.company} · openroles`
      replaceChildren(article, ...jobDetail(job))
      article.removeAttribute('aria-busy')
      restoreScroll()
      document.getElementById('job-title')?.focus({ preventScroll: true })
    })
    .catch((error: Error) => {
      document.title = 'Job not found · openroles'
      replaceChildren(article, h('h1', {}, 'This job could not be shown'), h('p', { role: 'alert' }, error.message))
      article.removeAttribute('aria-busy')
    })
  similar.fill(getJson<Job[]>(`${path}/similar?limit=${SIMILAR}`))
  copies.fill(getJson<Job[]>(`${path}/copies`))
}

function jobDetail(job: Job): HTMLElement[] {
  const e = job.enrichment ?? {}
  const salary = formatSalary(job)
  const age = formatAge(job.posted_at)
  const facts: [string, string | null | undefined][] = [
    ['Location', formatLocation(job)],
    ['Work mode', job.work_mode ? valueLabel('work_mode', job.work_mode) : null],
    ['Salary', salary],
    ['Seniority', e.seniority ? valueLabel('seniority', e.seniority) : null],
    ['Employment', e.employment_type ? humanize(e.employment_type) : null],
    ['Experience', e.experience_years_min != null ? `${e.experience_years_min}+ years` : null],
    ['Relocation', e.relocation ? humanize(e.relocation) : null],
    ['Visa sponsorship', e.visa_sponsorship === undefined ? null : e.visa_sponsorship ? 'Yes' : 'No'],
    ['Posted', age],
  ]
  const description = h('div', { class: 'job-description' })
  // The API serves the stored description as HTML, sanitized at ingest; the page's CSP keeps scripts out regardless.
  description.innerHTML = job.description ?? ''
  return [
    h(
      'header',
      { class: 'job-header' },
      h('h1', { id: 'job-title', tabindex: '-1' }, job.title),
      h(
        'p',
        { class: 'job-company-line' },
        job.company_slug ? h('a', { href: `/companies/${encodeURIComponent(job.company_slug)}` }, job.company) : job.company,
      ),
      h('div', { class: 'job-badges' }, signalBadges(job)),
      job.url && !job.closed_at ? h('a', { class: 'apply-button', href: job.url, target: '_blank', rel: 'noopener noreferrer' }, 'Apply on the employer’s site') : null,
      trackControl(job.public_slug),
      job.closed_at ? null : tailorButton(job.public_slug),
    ),
    h(
      'div',
      { class: 'job-body' },
      description,
      h(
        'aside',
        { class: 'job-aside', 'aria-label': 'Job facts' },
        h('dl', { class: 'facts' }, facts.filter(([, value]) => value).map(([label, value]) => [h('dt', {}, label), h('dd', {}, value as string)])),
        job.skills?.length ? [h('h2', {}, 'Skills'), h('ul', { class: 'skill-list' }, job.skills.map((skill) => h('li', {}, h('a', { class: 'tag', href: `/?skills=${encodeURIComponent(skill)}` }, skill))))] : null,
        signalExplanation(job),
      ),
    ),
    fitPanel(job.public_slug),
  ]
}

function signalExplanation(job: Job): HTMLElement | null {
  const lines: string[] = []
  if (job.reality) {
    const r = job.reality
    const seen = r.age_days === 0 ? 'today' : `${plural(r.age_days, 'day')} ago`
    lines.push(`${valueLabel('reality', r.class)}: first seen ${seen}${r.repost_count ? `, reposted ${plural(r.repost_count, 'time')}` : ''}${r.mass_posting_count > 1 ? `, posted in ${r.mass_posting_count} places at once` : ''}.`)
    if (r.fake_freshness) lines.push('The source restamps its posting date, so “posted” looks newer than it is.')
  }
  if (job.ghost) lines.push(`${job.ghost.level === 'likely' ? 'Likely' : 'Possibly'} a ghost job: ${job.ghost.criteria.map((c) => c.replace(/_/g, ' ')).join(', ')} (${job.ghost.criteria.length} of ${job.ghost.criteria_total} signals).`)
  if (!lines.length) return null
  return h('div', { class: 'signals' }, h('h2', {}, 'Is it real?'), lines.map((line) => h('p', {}, line)))
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function relatedSection(id: string, title: string) {
  const list = h('ol', { class: 'job-list compact', 'aria-labelledby': `${id}-heading`, 'aria-busy': 'true' }, [skeletonCard(), skeletonCard()])
  const section = h('section', { class: 'related', id }, h('h2', { id: `${id}-heading` }, title), list)
  return {
    section,
    fill(jobs: Promise<{ data: Job[] }>) {
      jobs
        .then(({ data }) => {
          list.removeAttribute('aria-busy')
          if (data.length) replaceChildren(list, data.map(jobCard))
          else section.remove()
        })
        .catch(() => section.remove())
    },
  }
}
