import { getJson, type Job } from './api.ts'
import { h, replaceChildren } from './dom.ts'
import { formatCount } from './format.ts'
import { jobCard, skeletonCard } from './job-card.ts'

interface SharedList {
  name: string
  description: string
  job_count: number
  jobs: Job[]
}

/** A job list its owner shared (GET /lists/{slug}): read-only, no owner shown; a job that closed since is marked closed. */
export function renderSharedListPage(root: HTMLElement, slug: string): void {
  const header = h('header', { class: 'company-header' }, h('div', { class: 'bone bone-heading' }))
  const list = h('ol', { class: 'job-list', 'aria-busy': 'true', 'aria-label': 'Jobs in this list' }, Array.from({ length: 3 }, skeletonCard))
  replaceChildren(root, h('a', { class: 'back-link', href: '/' }, '← All jobs'), h('article', { class: 'shared-list-page' }, header, list))
  getJson<SharedList>(`/lists/${encodeURIComponent(slug)}?limit=100`)
    .then(({ data }) => {
      document.title = `${data.name} · openroles`
      replaceChildren(
        header,
        h('h1', {}, data.name),
        data.description ? h('p', { class: 'tagline' }, data.description) : null,
        h('p', { class: 'company-facts' }, `A shared list of ${formatCount(data.job_count)} ${data.job_count === 1 ? 'job' : 'jobs'}`),
      )
      replaceChildren(
        list,
        data.jobs.length
          ? data.jobs.map((job) => {
              const card = jobCard(job)
              if (job.closed_at) card.prepend(h('span', { class: 'badge closed-badge' }, 'Closed'))
              return card
            })
          : h('li', { class: 'empty' }, 'This list is empty.'),
      )
      list.removeAttribute('aria-busy')
    })
    .catch(() => {
      document.title = 'List not found · openroles'
      replaceChildren(header, h('h1', {}, 'This list is not shared'), h('p', { role: 'alert' }, 'No list is shared at this address: its owner may have made it private.'))
      replaceChildren(list)
      list.removeAttribute('aria-busy')
    })
}
