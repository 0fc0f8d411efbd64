import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local HTTP server (127.0.0.1, port 0) standing in for the ATS vendors: tests register what each
 * path answers, and every request is recorded (path, query, headers) for assertions. Unregistered
 * paths answer 404, so robots.txt is absent unless a test serves one.
 */
export interface Answer {
  status?: number
  body?: string | object
  headers?: Record<string, string>
  /** Never answer (a board that times out). */
  hang?: boolean
  /** Answer after this many milliseconds. */
  delayMs?: number
}

export type Route = (request: IncomingMessage, url: URL) => Answer

export interface StandIn {
  origin: string
  /** Host header value (127.0.0.1:port), for boards whose token lives in the host name. */
  host: string
  serve(path: string, answer: Answer | Route): void
  requests: { path: string; query: URLSearchParams; headers: IncomingMessage['headers']; at: number; answeredAt?: number }[]
  /** The most requests ever in flight at once. */
  maxInFlight: number
  hits(path: string): number
  close(): Promise<void>
}

export async function startStandIn(): Promise<StandIn> {
  const routes = new Map<string, Route>()
  const requests: StandIn['requests'] = []
  const hanging = new Set<ServerResponse>()
  let inFlight = 0
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    const record: StandIn['requests'][number] = { path: url.pathname, query: url.searchParams, headers: request.headers, at: Date.now() }
    requests.push(record)
    inFlight += 1
    standIn.maxInFlight = Math.max(standIn.maxInFlight, inFlight)
    const route = routes.get(url.pathname)
    const answer: Answer = route ? route(request, url) : { status: 404, body: { message: 'not found' } }
    if (answer.hang) {
      hanging.add(response)
      return
    }
    const body = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)
    const type = typeof answer.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json'
    setTimeout(() => {
      inFlight -= 1
      record.answeredAt = Date.now()
      response.writeHead(answer.status ?? 200, { 'content-type': type, ...answer.headers })
      response.end(body)
    }, answer.delayMs ?? 0)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const standIn: StandIn = {
    maxInFlight: 0,
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    serve(path, answer) {
      routes.set(path, typeof answer === 'function' ? answer : () => answer)
    },
    hits: (path) => requests.filter((r) => r.path === path).length,
    async close() {
      for (const response of hanging) response.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  return standIn
}
