import { H3 } from 'h3'
import type { AppContext } from '../context.ts'
import type { Route } from '../http/route.ts'
import { errorResponse } from '../http/error-map.ts'

/**
 * Runs an API operation for the MCP server: the operation's own route (validation with its valibot
 * schemas, auth, handler, domain functions, JSON encoders and the one error mapper), mounted on a
 * private app without the HTTP edge (CORS, the read budget): MCP calls draw on the agent budget
 * instead (src/mcp/server.ts). The answer is the HTTP API's body, so a tool's result is by
 * construction what the API answers for the same input.
 */
export interface Operation {
  method: Route['method']
  path: string
}

export interface OperationCall {
  /** Path parameters (`slug`), query values (repeated for arrays) and a JSON body. */
  params?: Record<string, string>
  query?: Record<string, string | string[]>
  body?: unknown
  /** `Bearer <key>` of the MCP caller, passed on to signed-in operations. */
  authorization?: string
}

export interface OperationAnswer {
  status: number
  body: any
}

export interface Dispatcher {
  call(operation: Operation, call: OperationCall): Promise<OperationAnswer>
  /** The route behind an operation (its schemas become the tool's input schema). */
  route(operation: Operation): Route
}

export function createDispatcher(ctx: AppContext, routes: Route[]): Dispatcher {
  const app = new H3({ silent: true, onError: (error, event) => errorResponse(ctx, error, event) })
  for (const route of routes) app.on(route.method, `/api/v1${route.path}`, (event) => route.handle(ctx, event))
  const byKey = new Map(routes.map((route) => [`${route.method} ${route.path}`, route]))
  return {
    route(operation) {
      const found = byKey.get(`${operation.method} ${operation.path}`)
      if (!found) throw new Error(`no operation ${operation.method} ${operation.path}`)
      return found
    },
    async call(operation, call) {
      const path = operation.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => encodeURIComponent(call.params?.[name] ?? ''))
      const search = new URLSearchParams()
      for (const [name, value] of Object.entries(call.query ?? {})) for (const item of [value].flat()) search.append(name, item)
      const headers = new Headers({ accept: 'application/json' })
      if (call.authorization) headers.set('authorization', call.authorization)
      if (call.body !== undefined) headers.set('content-type', 'application/json')
      const query = search.size ? `?${search}` : ''
      const response = await app.request(`/api/v1${path}${query}`, {
        method: operation.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      })
      const text = await response.text()
      return { status: response.status, body: text ? JSON.parse(text) : null }
    },
  }
}
