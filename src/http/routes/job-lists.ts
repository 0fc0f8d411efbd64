import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { dataOf, object, pageOf as pageSchema, ref } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'
import { intParam, pagedList, pageOf, pagingEntries, trimmedText } from '../validate.ts'
import { conflict, notFound } from '../../errors.ts'
import { jobIdBySlug, loadJobs } from '../../catalogue/job-json.ts'
import {
  addJobToList,
  countJobLists,
  createJobList,
  deleteJobList,
  getJobList,
  jobCountOf,
  listJobIds,
  listJobLists,
  removeJobFromList,
  shareJobList,
  sharedJobList,
  unshareJobList,
  updateJobList,
} from '../../job-lists/job-lists.ts'

const IdParams = v.object({ id: intParam({ min: 1, description: 'Job list id.' }) })
const Slug = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(200, 'must be at most 200 characters'))
const ItemParams = v.object({ id: intParam({ min: 1, description: 'Job list id.' }), job_slug: v.pipe(Slug, v.description('The job’s `public_slug`.')) })
const Name = trimmedText(100, 'Display name, 1 to 100 characters.')
const Description = v.pipe(v.string('must be a string'), v.trim(), v.maxLength(500, 'must be at most 500 characters'), v.description('Free text, at most 500 characters.'))

const op = operations({ tags: ['job lists'], auth: 'session' })

export function jobListRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  const now = () => ctx.now().toISOString()
  const ownList = (userId: number, id: number) => getJobList(db, userId, id) ?? missing()
  return [
    op.get('/me/lists', 'Your job lists, newest first', {
      description: 'Named lists of specific jobs, independent of the single "saved" flag. Each carries `public_slug` ("" while private) and `job_count`.',
      query: v.object({ ...pagingEntries() }),
      responses: { 200: { description: '`{ data: [JobList], meta }`', schema: pageSchema(ref('JobList')) } },
    }, (_event, { caller, query }) => pagedList(query, (limit, offset) => listJobLists(db, caller.userId, limit, offset))),
    op.post('/me/lists', 'Create a job list', {
      description: `Answers the new list (201). At most ${ctx.config.jobListsPerUser} lists per account (409 beyond).`,
      body: v.object({ name: Name, description: v.optional(Description) }),
      responses: { 201: { description: '`{ data: JobList }`', schema: dataOf(ref('JobList')) }, 409: 'the list limit is reached' },
    }, (event, { caller, body }) => {
      if (countJobLists(db, caller.userId) >= ctx.config.jobListsPerUser) throw conflict(`at most ${ctx.config.jobListsPerUser} job lists per account`)
      event.res.status = 201
      return { data: createJobList(db, caller.userId, body, now()) }
    }),
    op.get('/me/lists/:id', 'One of your job lists with a page of its jobs', {
      description: 'The list and its jobs (most recently added first; closed jobs stay, with their `closed_at`). An extension of the reference service, which lists only.',
      params: IdParams,
      query: v.object({ ...pagingEntries({ defaultLimit: 50 }) }),
      responses: { 200: { description: '`{ data: JobList & { jobs: [Job] }, meta }`', schema: object({ data: ref('JobListWithJobs'), meta: ref('PageMeta') }) }, 404: 'not the caller’s list' },
    }, (_event, { caller, params, query }) => {
      const list = ownList(caller.userId, params.id)
      const { limit, offset } = pageOf(query, { defaultLimit: 50 })
      const page = listJobIds(db, list.id, limit, offset)
      return { data: { ...list, jobs: loadJobs(db, page.ids, { description: 'preview', ghost: false }) }, meta: { total: page.total, limit, offset } }
    }),
    op.patch('/me/lists/:id', 'Rename or re-describe a job list', {
      params: IdParams,
      body: v.object({ name: v.optional(Name), description: v.optional(Description) }),
      responses: { 200: { description: '`{ data: JobList }`', schema: dataOf(ref('JobList')) }, 404: 'not the caller’s list' },
    }, (_event, { caller, params, body }) => ({ data: updateJobList(db, caller.userId, params.id, body, now()) ?? missing() })),
    op.deleteOwn('/me/lists/:id', 'Delete a job list (its jobs and your saved flags stay)', { params: IdParams }, 'no such job list', (userId, id) => deleteJobList(db, userId, id)),
    op.post('/me/lists/:id/jobs', 'Add a job to a list', {
      description: `Idempotent: adding a job already in the list changes nothing (204 either way). At most ${ctx.config.jobListSize} jobs a list (409 beyond). 404 for a list that is not the caller's or an unknown job slug.`,
      params: IdParams,
      body: v.object({ job_slug: v.pipe(Slug, v.description('The job’s `public_slug`.')) }),
      responses: { 204: 'added (or already there)', 404: 'not the caller’s list, or no such job', 409: 'the list is full' },
    }, (_event, { caller, params, body }) => {
      const list = ownList(caller.userId, params.id)
      const jobId = jobIdBySlug(db, body.job_slug)
      if (jobId === undefined) throw notFound('job not found')
      db.transaction(() => {
        const full = jobCountOf(db, list.id) >= ctx.config.jobListSize
        if (!addJobToList(db, list.id, jobId, now()) || !full) return
        throw conflict(`a list holds at most ${ctx.config.jobListSize} jobs`)
      })()
    }),
    op.delete('/me/lists/:id/jobs/:job_slug', 'Remove a job from a list', {
      description: 'Idempotent: a job not in the list, or a slug that names no job, changes nothing (204). 404 only for a list that is not the caller’s.',
      params: ItemParams,
      responses: { 204: 'removed (or was not there)', 404: 'not the caller’s list' },
    }, (_event, { caller, params }) => {
      const list = ownList(caller.userId, params.id)
      const jobId = jobIdBySlug(db, params.job_slug)
      if (jobId !== undefined) removeJobFromList(db, list.id, jobId, now())
    }),
    op.post('/me/lists/:id/share', 'Publish a job list as a public, read-only page', {
      description: 'Mints the list’s public slug (or keeps the one it has) and answers the list carrying it. Anyone with the slug reads the list at `GET /lists/{slug}` and on the web page `/lists/{slug}`; the slug has 80 random bits, so it cannot be guessed.',
      params: IdParams,
      responses: { 200: { description: '`{ data: JobList }` with `public_slug`', schema: dataOf(ref('JobList')) }, 404: 'not the caller’s list' },
    }, (_event, { caller, params }) => ({ data: shareJobList(db, caller.userId, params.id, now()) ?? missing() })),
    op.delete('/me/lists/:id/share', 'Make a shared job list private again', {
      description: 'Idempotent (a private list stays private). The old public slug answers 404 from now on; sharing again mints a new one.',
      params: IdParams,
      responses: { 204: 'private', 404: 'not the caller’s list' },
    }, (_event, { caller, params }) => {
      if (!unshareJobList(db, caller.userId, params.id, now())) missing()
    }),
    op.get('/lists/:slug', 'A shared job list by its public slug', {
      auth: 'public',
      budget: 'read',
      tags: ['job lists'],
      description: 'Public and owner-free: the list’s `name` and `description` and a page of its jobs, most recently added first. A job that closed since stays listed, with its `closed_at` set. An unknown slug, or one whose list was made private, is a 404.',
      params: v.object({ slug: v.pipe(Slug, v.description('The list’s `public_slug`.')) }),
      query: v.object({ ...pagingEntries({ defaultLimit: 50 }) }),
      responses: { 200: { description: '`{ data: SharedJobList, meta }`', schema: object({ data: ref('SharedJobList'), meta: ref('PageMeta') }) }, 404: 'no list is shared under this slug' },
    }, (_event, { params, query }) => {
      const list = sharedJobList(db, params.slug)
      if (!list) throw notFound('no shared list by this slug')
      const { limit, offset } = pageOf(query, { defaultLimit: 50 })
      const page = listJobIds(db, list.id, limit, offset)
      const jobs = loadJobs(db, page.ids, { description: 'preview', ghost: false })
      return {
        data: { name: list.name, description: list.description, public_slug: list.public_slug, job_count: page.total, shared_at: list.shared_at, updated_at: list.updated_at, jobs },
        meta: { total: page.total, limit, offset },
      }
    }),
  ]
}

function missing(): never {
  throw notFound('no such job list')
}
