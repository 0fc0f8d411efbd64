import * as v from 'valibot'
import type { AppContext } from '../context.ts'
import { defineOperation, type Route } from './route.ts'
import { intParam, pageOf, pagingEntries } from './validate.ts'
import { notFound } from '../errors.ts'
import { jobIdBySlug } from '../catalogue/job-json.ts'
import { getTracking, listTracking, recordInteraction, undoInteraction, type InteractionAction, type InteractionUndo, type TrackingList } from '../me/interactions.ts'

const SlugParams = v.object({ slug: v.pipe(v.string(), v.minLength(1), v.maxLength(300), v.description('Job public_slug.')) })

const PageQuery = v.object({
  ...pagingEntries(),
})

const ACTIONS: Record<InteractionAction, string> = {
  view: 'Record a view of a posting (jobs.view_count counts distinct viewers)',
  apply: 'Mark a posting as applied to (jobs.applied_count counts distinct applicants)',
  save: 'Save a posting for later (clears a dismissal)',
  dismiss: 'Dismiss a posting: hidden from digests (clears a save)',
}

const UNDOS: Record<InteractionUndo, string> = {
  apply: 'Withdraw the applied mark',
  save: 'Unsave a posting',
  dismiss: 'Undo a dismissal',
  track: 'Forget every interaction with a posting',
}

const LISTS: Record<TrackingList, { path: string; summary: string }> = {
  all: { path: '/me/tracking', summary: 'Every posting the caller interacted with, most recently touched first' },
  saved: { path: '/me/tracking/saved', summary: 'Saved postings, most recently saved first' },
  viewed: { path: '/me/tracking/viewed', summary: 'Viewed postings, most recently viewed first' },
  dismissed: { path: '/me/tracking/dismissed', summary: 'Dismissed postings, most recently dismissed first' },
}

export function jobInteractionRoutes(ctx: AppContext): Route[] {
  const jobId = (slug: string) => jobIdBySlug(ctx.db, slug) ?? raise('job not found')
  const entry = (userId: number, id: number) => getTracking(ctx.db, userId, id) ?? raise('no interaction with this job')

  const actions = (Object.keys(ACTIONS) as InteractionAction[]).map((action) =>
    defineOperation(
      {
        method: 'POST',
        path: `/jobs/:slug/${action}`,
        summary: ACTIONS[action],
        description: 'Returns the caller’s tracking entry for the posting. Idempotent except that views are counted per call in the entry.',
        tags: ['tracking'],
        auth: 'session-or-key',
        params: SlugParams,
        responses: { 404: 'no such job' },
      },
      (_event, { caller, params }) => {
        const id = jobId(params.slug)
        recordInteraction(ctx.db, caller.userId, id, action)
        return { data: entry(caller.userId, id) }
      },
    ),
  )

  const undos = (Object.keys(UNDOS) as InteractionUndo[]).map((undo) =>
    defineOperation(
      {
        method: 'DELETE',
        path: `/jobs/:slug/${undo}`,
        summary: UNDOS[undo],
        description: undo === 'track' ? '204. The job’s view_count keeps the view; applied_count drops when the caller had applied.' : '204.',
        tags: ['tracking'],
        auth: 'session-or-key',
        params: SlugParams,
        responses: { 204: 'undone', 404: 'no such job, or nothing to undo' },
      },
      (event, { caller, params }) => {
        if (!undoInteraction(ctx.db, caller.userId, jobId(params.slug), undo)) raise('nothing to undo for this job')
        event.res.status = 204
        return null
      },
    ),
  )

  const lists = (Object.keys(LISTS) as TrackingList[]).map((list) =>
    defineOperation(
      { method: 'GET', path: LISTS[list].path, summary: LISTS[list].summary, tags: ['tracking'], auth: 'session-or-key', query: PageQuery },
      (_event, { caller, query }) => {
        const { limit, offset } = pageOf(query)
        const page = listTracking(ctx.db, caller.userId, list, limit, offset)
        return { data: page.items, meta: { total: page.total, limit, offset } }
      },
    ),
  )

  const one = defineOperation(
    {
      method: 'GET',
      path: '/me/tracking/:slug',
      summary: 'The caller’s tracking entry for one posting',
      tags: ['tracking'],
      auth: 'session-or-key',
      params: SlugParams,
      responses: { 404: 'no such job, or no interaction with it' },
    },
    (_event, { caller, params }) => ({ data: entry(caller.userId, jobId(params.slug)) }),
  )

  return [...actions, ...undos, ...lists, one]
}

function raise(message: string): never {
  throw notFound(message)
}
