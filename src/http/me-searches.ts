import * as v from 'valibot'
import type { AppContext } from '../context.ts'
import { defineOperation, type Route } from './route.ts'
import { intParam } from './validate.ts'
import { badRequest, conflict, notFound } from '../errors.ts'
import { countSavedSearches, createSavedSearch, deleteSavedSearch, listSavedSearches, updateSavedSearch } from '../me/saved-searches.ts'
import { normalizeSavedQuery } from '../me/saved-query.ts'

const PageQuery = v.object({
  // Above 100 is clamped, not refused (docs/api.md "Paging").
  limit: v.optional(v.pipe(intParam({ min: 1, description: 'Page size, 1 to 100 (default 10; larger values are clamped).' }), v.transform((n) => Math.min(n, 100))), '10'),
  offset: v.optional(intParam({ min: 0, description: 'Entries skipped (default 0).' }), '0'),
})

const IdParams = v.object({ id: intParam({ min: 1, description: 'Saved search id.' }) })

const Name = v.pipe(v.string('must be a string'), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(100, 'must be at most 100 characters'), v.description('Display name.'))
const Query = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.maxLength(2000, 'must be at most 2000 characters'),
  v.description('Job search query string in the filter grammar, e.g. `q=rust&work_mode=remote&countries=de` (a leading `?` is dropped). It must parse as a job search.'),
)

const CreateBody = v.object({ name: Name, query: Query })
const UpdateBody = v.object({ name: v.optional(Name), query: v.optional(Query) })

export function meSearchRoutes(ctx: AppContext): Route[] {
  /** 400 with the search parser's reason; its messages never echo the input. */
  const parsed = (query: string) => {
    const result = normalizeSavedQuery(ctx, query)
    if ('error' in result) throw badRequest(`invalid body parameter "query": ${result.error}`)
    return result
  }
  return [
    defineOperation(
      { method: 'GET', path: '/me/searches', summary: 'Saved searches, newest first', tags: ['saved searches'], auth: 'session', query: PageQuery },
      (_event, { caller, query }) => {
        const page = listSavedSearches(ctx.db, caller.userId, query.limit, query.offset)
        return { data: page.items, meta: { total: page.total, limit: query.limit, offset: query.offset } }
      },
    ),
    defineOperation(
      {
        method: 'POST',
        path: '/me/searches',
        summary: 'Save a search',
        description: 'Parameters no job filter reads are kept but reported in `meta.ignored_params`, as job search would report them.',
        tags: ['saved searches'],
        auth: 'session',
        body: CreateBody,
        responses: { 201: 'saved', 400: 'the query does not parse', 409: 'saved-search limit reached' },
      },
      (event, { caller, body }) => {
        const { query, ignored } = parsed(body.query)
        if (countSavedSearches(ctx.db, caller.userId) >= ctx.config.savedSearchesPerUser) {
          throw conflict(`at most ${ctx.config.savedSearchesPerUser} saved searches per account`)
        }
        event.res.status = 201
        const data = createSavedSearch(ctx.db, caller.userId, { name: body.name, query })
        return ignored ? { data, meta: { ignored_params: ignored } } : { data }
      },
    ),
    defineOperation(
      {
        method: 'PATCH',
        path: '/me/searches/:id',
        summary: 'Rename a saved search or change its query',
        tags: ['saved searches'],
        auth: 'session',
        params: IdParams,
        body: UpdateBody,
        responses: { 400: 'the query does not parse', 404: 'not the caller’s saved search' },
      },
      (_event, { caller, params, body }) => {
        const next = body.query === undefined ? undefined : parsed(body.query)
        const data = updateSavedSearch(ctx.db, caller.userId, params.id, { name: body.name, query: next?.query }) ?? raise()
        return next?.ignored ? { data, meta: { ignored_params: next.ignored } } : { data }
      },
    ),
    defineOperation(
      {
        method: 'DELETE',
        path: '/me/searches/:id',
        summary: 'Delete a saved search (and its subscription)',
        tags: ['saved searches'],
        auth: 'session',
        params: IdParams,
        responses: { 204: 'deleted', 404: 'not the caller’s saved search' },
      },
      (event, { caller, params }) => {
        if (!deleteSavedSearch(ctx.db, caller.userId, params.id)) raise()
        event.res.status = 204
        return null
      },
    ),
  ]
}

function raise(): never {
  throw notFound('no such saved search')
}
