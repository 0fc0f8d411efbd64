import type { Adapter } from './adapter.ts'
import { collect, dateOf, decodeEntities, isObject, parseJson, str } from './fields.ts'
import { CrawlError } from '../board-url.ts'

/**
 * Greenhouse Job Board API: GET boards-api.greenhouse.io/v1/boards/{token}/jobs?content=true gives
 * `{ jobs: [{ id, internal_job_id, requisition_id, title, company_name, updated_at, location: { name },
 * absolute_url, content, … }], meta: { total } }` in one response. `content` is HTML with its markup
 * entity-encoded. `id` is the posting; `internal_job_id` the job it advertises (one job posted in
 * several places shares it). The board's `company_name` is the employer as it writes itself. The
 * list states no pay.
 */
export const greenhouse: Adapter = {
  kind: 'greenhouse',
  label: 'Greenhouse',
  tokenHelp: 'board token (boards.greenhouse.io/<token>)',
  defaultUrl: (token) => `https://boards-api.greenhouse.io/v1/boards/${encodeURIComponent(token)}/jobs?content=true`,
  async list(board, { http, signal }) {
    const body = parseJson(await http.get(board.url, { signal }), 'the Greenhouse board')
    if (!isObject(body) || !Array.isArray(body.jobs)) throw new CrawlError('the Greenhouse board has no "jobs" list')
    return collect(body.jobs, 'job', (job) => ({
      id: str(job.id),
      record: {
        title: str(job.title),
        company: str(job.company_name) ?? board.company,
        job_id: str(job.internal_job_id) ?? str(job.requisition_id),
        url: str(job.absolute_url),
        location: isObject(job.location) ? str(job.location.name) : undefined,
        description: typeof job.content === 'string' ? decodeEntities(job.content) : undefined,
        posted_at: dateOf(job.first_published) ?? dateOf(job.updated_at),
      },
    }))
  },
}
