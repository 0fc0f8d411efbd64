import * as v from 'valibot'
import { createApp } from '../../../src/app.ts'
import { createContext } from '../../../src/services.ts'
import { defaultConfig, type Config } from '../../../src/config.ts'
import { openDatabase } from '../../../src/db/connection.ts'
import { defineOperation, type Route } from '../../../src/http/route.ts'
import { boolParam, intParam } from '../../../src/http/validate.ts'
import { notFound } from '../../../src/errors.ts'
import type { Logger } from '../../../src/log.ts'
import type { AppContext } from '../../../src/context.ts'
import { inProcessCaller } from '../../helpers/app.ts'

/**
 * The real app (createApp: error mapping, edge middleware, fallback) mounted on a few probe routes,
 * so the edge rules are tested independently of what the route modules do.
 */
export function probeRoutes(): Route[] {
  const page = v.object({
    limit: v.optional(intParam({ min: 1, max: 100, description: 'page size' })),
    q: v.optional(v.string()),
    remote: v.optional(v.pipe(boolParam, v.description('remote only'))),
    offset: v.optional(intParam()),
  })
  return [
    defineOperation({ method: 'GET', path: '/probe/read', summary: 'read probe', tags: ['probe'], auth: 'public', budget: 'read', query: page }, (_event, { query }) => ({ data: query })),
    defineOperation(
      { method: 'GET', path: '/probe/read/:id', summary: 'read probe item', tags: ['probe'], auth: 'public', budget: 'read', params: v.object({ id: v.string() }) },
      () => {
        throw notFound('no such probe')
      },
    ),
    defineOperation({ method: 'GET', path: '/probe/agent', summary: 'agent probe', tags: ['probe'], auth: 'public', budget: 'agent' }, () => ({ data: 'agent' })),
    defineOperation(
      { method: 'POST', path: '/probe/echo', summary: 'body probe', tags: ['probe'], auth: 'public', body: v.object({ name: v.string() }) },
      (_event, { body }) => ({ data: body }),
    ),
    defineOperation({ method: 'GET', path: '/probe/mine', summary: 'signed-in probe', tags: ['probe'], auth: 'session-or-key' }, () => ({ data: 'mine' })),
  ]
}

export interface LogLine {
  level: string
  msg: string
  fields?: Record<string, unknown>
}

export function createProbeApp(options: { config?: Partial<Config>; routes?: (ctx: AppContext) => Route[] } = {}) {
  const ctx = createContext(defaultConfig(options.config), openDatabase(':memory:'))
  const logged: LogLine[] = []
  const capture: Logger = {
    error: (msg, fields) => logged.push({ level: 'error', msg, fields }),
    info: (msg, fields) => logged.push({ level: 'info', msg, fields }),
    debug: (msg, fields) => logged.push({ level: 'debug', msg, fields }),
  }
  ctx.log = capture
  const app = createApp(ctx, options.routes ? options.routes(ctx) : probeRoutes())
  const call = inProcessCaller(app)
  return { app, ctx, call, get: (path: string) => call(path), logged }
}
