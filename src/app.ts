import { H3, HTTPError } from 'h3'
import type { Config } from './config.ts'
import type { AppContext } from './context.ts'
import type { DB } from './db/connection.ts'
import { createLogger } from './log.ts'
import { VERSION } from './version.ts'
import { mountRoutes, type Route } from './http/route.ts'
import { statusRoutes } from './http/status.ts'
import { mountWeb } from './http/web.ts'
import { createMailer } from './mail/mailer.ts'
import { createLoginThrottle } from './account/login-throttle.ts'
import { authRoutes } from './http/auth.ts'
import { meAccountRoutes } from './http/me-account.ts'
import { apiKeyRoutes } from './http/api-keys.ts'

export function createContext(config: Config, db: DB): AppContext {
  const log = createLogger(config.logLevel)
  return {
    config, db, log, startedAt: new Date().toISOString(), version: VERSION,
    now: () => new Date(),
    mailer: createMailer(config, db, log, () => new Date()),
    loginThrottle: createLoginThrottle(config),
  }
}

/** Every operation of the API, in the order the OpenAPI document lists them. */
export function allRoutes(ctx: AppContext): Route[] {
  return [...statusRoutes(ctx), ...authRoutes(ctx), ...meAccountRoutes(ctx), ...apiKeyRoutes(ctx)]
}

/** Builds the HTTP app: error mapping to `{ error }`, then every route module under /api/v1. */
export function createApp(ctx: AppContext): H3 {
  const app = new H3({
    onError(error, event) {
      const status = HTTPError.isError(error) ? error.status : 500
      const unexpected = status >= 500 && status !== 503
      if (unexpected) ctx.log.error('unhandled error', { path: event.url.pathname, error: String(error.cause ?? error) })
      const message = unexpected ? 'internal server error' : error.message || 'error'
      const headers = new Headers(HTTPError.isError(error) ? error.headers : undefined)
      headers.set('content-type', 'application/json; charset=utf-8')
      return new Response(JSON.stringify({ error: message }), { status, headers })
    },
  })
  mountRoutes(app, ctx, allRoutes(ctx))
  mountWeb(app)
  app.all('/**', (event) => {
    throw new HTTPError({ status: 404, message: `no route for ${event.req.method} ${event.url.pathname}` })
  })
  return app
}
