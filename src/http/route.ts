import * as v from 'valibot'
import type { H3, H3Event } from 'h3'
import type { AppContext } from '../context.ts'
import type { Caller } from '../account/caller.ts'
import { forbidden, notFound, unauthorized } from '../errors.ts'
import { queryObject, readJsonBody, validateInput } from './validate.ts'
import { requestCaller } from './request-caller.ts'
import { edgeMiddleware } from './edge.ts'
import type { Budget } from '../context.ts'
import { apiFallback } from './api-fallback.ts'

/**
 * One declarative description per operation: the route is mounted from it, its inputs are validated
 * with its schemas, and the OpenAPI document is generated from the same object.
 */
export type Auth = 'public' | 'session-or-key' | 'session' | 'moderator' | 'session-moderator'
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RouteSpec {
  method: Method
  /** Relative to /api/v1, with h3 params: '/jobs/:slug'. */
  path: string
  summary: string
  description?: string
  tags: string[]
  auth: Auth
  /** Rate-limit budget the route draws on; none when absent. */
  budget?: Budget
  query?: v.GenericSchema
  params?: v.GenericSchema
  body?: v.GenericSchema
  /** The status of a JSON body that parses but fails `body` (default 400); 422 where the contract pins it. */
  invalidBodyStatus?: 422
  /**
   * The OpenAPI requestBody of a route whose handler reads its own body (multipart uploads), which
   * `body` cannot describe; see `multipartBody` in src/http/openapi-shapes.ts.
   */
  requestBody?: Record<string, unknown>
  /**
   * Status -> description, or description and the JSON Schema of the body (src/http/openapi-shapes.ts)
   * or the media type of a body that is not JSON, for the OpenAPI document. 200 is assumed when
   * absent; a success without a schema is documented as the generic envelope (test/http/routes/
   * openapi-responses.test.ts refuses that). With a 204 here, a handler that returns nothing answers 204.
   */
  responses?: Record<number, string | ResponseSpec>
}

/** A JSON answer: its schema, and optionally an example. */
export interface JsonResponseSpec {
  description: string
  schema: Record<string, unknown>
  /** A realistic answer, shown in the reference and given to generated clients (src/http/openapi-examples.ts). */
  example?: unknown
}

/**
 * An answer that is not JSON (a PDF, an image, an event stream, a page): its media types, each
 * documented with a string body (`format: binary` unless the type is text).
 */
export interface MediaResponseSpec {
  description: string
  media: string | string[]
}

export type ResponseSpec = JsonResponseSpec | MediaResponseSpec

type Out<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined

export interface RouteInput<Q, P, B, A extends Auth = Auth> {
  query: Q
  params: P
  body: B
  /** Non-null by type on every route that is not public: the auth check ran before the handler. */
  caller: A extends 'public' ? Caller | null : Caller
}

export interface Route extends RouteSpec {
  handle(ctx: AppContext, event: H3Event): Promise<unknown>
}

export function defineOperation<
  Q extends v.GenericSchema | undefined = undefined,
  P extends v.GenericSchema | undefined = undefined,
  B extends v.GenericSchema | undefined = undefined,
  A extends Auth = Auth,
>(
  spec: RouteSpec & { auth: A; query?: Q; params?: P; body?: B },
  handler: (event: H3Event, input: RouteInput<Out<Q>, Out<P>, Out<B>, A>) => unknown,
): Route {
  return {
    ...spec,
    async handle(ctx, event) {
      const caller = await requestCaller(ctx, event)
      if (spec.auth !== 'public') {
        if (!caller) throw unauthorized()
        const sessionOnly = spec.auth === 'session' || spec.auth === 'session-moderator'
        if (sessionOnly && caller.kind !== 'session') throw unauthorized('this operation needs a signed-in session, not an API key')
        if ((spec.auth === 'moderator' || spec.auth === 'session-moderator') && caller.role !== 'moderator') throw forbidden('moderator role required')
      }
      const query = spec.query ? validateInput(spec.query, queryObject(event), 'query') : undefined
      const params = spec.params ? validateInput(spec.params, event.context.params ?? {}, 'path') : undefined
      const body = spec.body ? validateInput(spec.body, await readJsonBody(event, ctx.config), 'body', spec.invalidBodyStatus) : undefined
      const out = await handler(event, { query, params, body, caller } as RouteInput<Out<Q>, Out<P>, Out<B>, A>)
      // An operation documented as 204 answers it by returning nothing.
      if (out === undefined && spec.responses?.[204]) {
        event.res.status = 204
        return null
      }
      return out
    },
  }
}

/** The answer of an operation that created something: 201 with `{ data }`. */
export function created<T>(event: H3Event, data: T): { data: T } {
  event.res.status = 201
  return { data }
}

/** What the operations of one route module share: their tags, auth rule and rate budget. */
export interface ModuleDefaults<D extends Auth> {
  tags: string[]
  auth: D
  budget?: Budget
}

/** One operation's spec under `operations`: method, path and summary are its arguments; tags, auth and budget default to the module's. */
type OperationSpec<Q, P, B, A extends Auth> = Omit<RouteSpec, 'method' | 'path' | 'summary' | 'tags' | 'auth' | 'query' | 'params' | 'body'> & {
  tags?: string[]
  auth?: A
  query?: Q
  params?: P
  body?: B
}

/**
 * The operations of one route module: `op.get(path, summary, { description, responses, ... }, handler)`
 * is `defineOperation` with the method, path and summary given and the module's tags, auth and budget filled
 * in, so a spec states only what differs. `op.deleteOwn` is the DELETE of one of the caller's own
 * records by its `:id`: 204, or 404 `missing` when the caller has no record by that id (someone
 * else's answers the same, so ids reveal nothing).
 */
export function operations<D extends Auth>(defaults: ModuleDefaults<D>) {
  const at =
    (method: Method) =>
    <
      Q extends v.GenericSchema | undefined = undefined,
      P extends v.GenericSchema | undefined = undefined,
      B extends v.GenericSchema | undefined = undefined,
      A extends Auth = D,
    >(
      path: string,
      summary: string,
      spec: OperationSpec<Q, P, B, A>,
      handler: (event: H3Event, input: RouteInput<Out<Q>, Out<P>, Out<B>, A>) => unknown,
    ): Route =>
      defineOperation({ ...defaults, ...spec, method, path, summary } as RouteSpec & { auth: A; query?: Q; params?: P; body?: B }, handler)
  const del = at('DELETE')
  return {
    get: at('GET'),
    post: at('POST'),
    put: at('PUT'),
    patch: at('PATCH'),
    delete: del,
    deleteOwn<P extends v.GenericSchema<unknown, { id: unknown }>>(
      path: string,
      summary: string,
      spec: { description?: string; params: P },
      missing: string,
      /** false when the caller has no such record (or throws the 404 itself). */
      remove: (userId: number, id: v.InferOutput<P>['id']) => boolean | void,
    ): Route {
      return del(path, summary, { ...spec, responses: { 204: 'deleted', 404: missing } }, (_event, { caller, params }) => {
        if (remove((caller as Caller).userId, (params as v.InferOutput<P>).id) === false) throw notFound(missing)
      })
    },
  }
}

/**
 * Mounts route descriptions on the app under /api/v1, each behind the edge middleware its spec
 * implies (CORS, rate budget, input caps: src/http/edge.ts), then the /api fallback (404, 405, OPTIONS).
 */
export function mountRoutes(app: H3, ctx: AppContext, routes: Route[]): void {
  for (const route of routes) {
    const handler = (event: H3Event) => route.handle(ctx, event)
    const options = { middleware: edgeMiddleware(ctx, route) }
    app.on(route.method, `/api/v1${route.path}`, handler, options)
    // HEAD is GET without the body (h3 drops it); h3 does not route HEAD to GET handlers by itself.
    if (route.method === 'GET') app.on('HEAD', `/api/v1${route.path}`, handler, options)
  }
  app.all('/api/**', apiFallback(routes))
}
