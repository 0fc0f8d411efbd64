import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { dataOf, object, pageOf as pageSchema, ref } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'
import { intParam, pagedList, pagingEntries, trimmedText } from '../validate.ts'
import { badRequest, conflict, notFound } from '../../errors.ts'
import { countSavedSearches, createSavedSearch, deleteSavedSearch, listSavedSearches, savedSearchNameTaken, updateSavedSearch } from '../../alerts/saved-searches.ts'
import { normalizeSavedQuery } from '../../alerts/saved-query.ts'
import { issueFeedToken } from '../../alerts/saved-search-feed.ts'
import { allowedOrigin } from '../origin.ts'

const PageQuery = v.object({
  ...pagingEntries(),
})

const IdParams = v.object({ id: intParam({ min: 1, description: 'Saved search id.' }) })

const Name = trimmedText(100, 'Display name.')
const Query = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.maxLength(2000, 'must be at most 2000 characters'),
  v.description('Job search query string in the filter grammar, e.g. `q=rust&work_mode=remote&countries=de` (a leading `?` is dropped). It must parse as a job search.'),
)

/** `meta` appears only to report parameters of the query no filter reads, or values outside a facet's vocabulary. */
const savedSearchBody = object({ data: ref('SavedSearch'), meta: ref('IgnoredOnly') }, ['data'])

const CreateBody = v.object({ name: Name, query: Query })
const UpdateBody = v.object({ name: v.optional(Name), query: v.optional(Query) })

const op = operations({ tags: ['saved searches'], auth: 'session' })

export function meSearchRoutes(ctx: AppContext): Route[] {
  /** 400 with the search parser's reason; its messages never echo the input. */
  const parsed = (query: string) => {
    const result = normalizeSavedQuery(ctx, query)
    if ('error' in result) throw badRequest(`invalid body parameter "query": ${result.error}`)
    return result
  }
  return [
    op.get('/me/searches', 'Saved searches, newest first', {
      query: PageQuery,
      responses: { 200: { description: '`{ data: [SavedSearch], meta }`', schema: pageSchema(ref('SavedSearch')) } },
    }, (_event, { caller, query }) => pagedList(query, (limit, offset) => listSavedSearches(ctx.db, caller.userId, limit, offset))),
    op.post('/me/searches', 'Save a search', {
      description: 'Answers `{ id, name, query, public_slug, author_label, subscriptions, created_at, updated_at }` (201). `public_slug` and `author_label` are null: saved searches are private here (the reference service uses them for shared searches). Names are 1 to 100 characters and unique per account (case-insensitive). Parameters no job filter reads are kept but reported in `meta.ignored_params`, and values outside a facet’s vocabulary in `meta.unknown_values` (with `did_you_mean`), as job search would report them.',
      body: CreateBody,
      responses: { 201: { description: 'saved: `{ data: SavedSearch, meta? }`', schema: savedSearchBody }, 400: 'the query does not parse', 409: 'saved-search limit reached, or a saved search of this name exists' },
    }, (event, { caller, body }) => {
      const { query, meta } = parsed(body.query)
      if (countSavedSearches(ctx.db, caller.userId) >= ctx.config.savedSearchesPerUser) {
        throw conflict(`at most ${ctx.config.savedSearchesPerUser} saved searches per account`)
      }
      if (savedSearchNameTaken(ctx.db, caller.userId, body.name)) throw conflict('a saved search with this name already exists')
      event.res.status = 201
      const data = createSavedSearch(ctx.db, caller.userId, { name: body.name, query })
      return meta ? { data, meta } : { data }
    }),
    op.patch('/me/searches/:id', 'Rename a saved search or change its query', {
      params: IdParams,
      body: UpdateBody,
      responses: { 200: { description: '`{ data: SavedSearch, meta? }`', schema: savedSearchBody }, 400: 'the query does not parse', 404: 'not the caller’s saved search', 409: 'another saved search has this name' },
    }, (_event, { caller, params, body }) => {
      if (body.name !== undefined && savedSearchNameTaken(ctx.db, caller.userId, body.name, params.id)) throw conflict('a saved search with this name already exists')
      const next = body.query === undefined ? undefined : parsed(body.query)
      const data = updateSavedSearch(ctx.db, caller.userId, params.id, { name: body.name, query: next?.query }) ?? raise()
      return next?.meta ? { data, meta: next.meta } : { data }
    }),
    op.post('/me/searches/:id/feed', 'The Atom feed URL of a saved search (extension)', {
      description: 'Mints a secret URL `/feeds/searches/{secret}.atom` that serves the saved search as an Atom feed (the newest matches, as /feeds/jobs.atom does) to a feed reader without a cookie. Only a hash of the secret is stored, so the URL is shown once; asking again replaces it and the old URL stops working. Deleting the saved search ends it.',
      params: IdParams,
      responses: { 200: { description: '`{ data: { feed_url } }`', schema: dataOf(object({ feed_url: { type: 'string', format: 'uri', description: 'shown once' } })) }, 404: 'not the caller’s saved search' },
    }, (event, { caller, params }) => {
      const token = issueFeedToken(ctx.db, caller.userId, params.id) ?? raise()
      return { data: { feed_url: `${allowedOrigin(ctx, event)}/feeds/searches/${token}.atom` } }
    }),
    op.deleteOwn('/me/searches/:id', 'Delete a saved search (and its subscriptions)', {
      params: IdParams,
    }, 'no such saved search', (userId, id) => deleteSavedSearch(ctx.db, userId, id)),
  ]
}

function raise(): never {
  throw notFound('no such saved search')
}
