import type { H3, H3Event } from 'h3'
import type { AppContext } from '../context.ts'
import { notFound } from '../errors.ts'
import { followTracerLink } from '../cv/tracer.ts'
import { clientIp } from './client-address.ts'
import { requestCaller } from './request-caller.ts'
import { rateLimitMiddleware } from './rate-limit.ts'

/**
 * The public redirect of CV tracer links, `GET /cv/{token}` outside /api/v1 (it is what a
 * recruiter clicks in the PDF): 302 to the destination stored for that token, never to anything a
 * request names, so it cannot become an open redirect. Budgeted per client address.
 */
const PREFETCH = (event: H3Event) =>
  [event.req.headers.get('purpose'), event.req.headers.get('sec-purpose'), event.req.headers.get('x-purpose'), event.req.headers.get('x-moz')].some((v) => v !== null && /prefetch|preview/i.test(v))

export function mountCvRedirect(app: H3, ctx: AppContext): void {
  const handler = async (event: H3Event) => {
    const token = event.context.params?.token ?? ''
    if (!/^[a-z0-9-]{3,60}$/.test(token)) throw notFound('not found')
    const caller = await requestCaller(ctx, event).catch(() => null)
    const visit = { method: event.req.method, address: clientIp(ctx.config, event), userAgent: event.req.headers.get('user-agent') ?? '', prefetch: PREFETCH(event), signedInUserId: caller?.userId ?? null }
    const destination = followTracerLink(ctx.db, token, visit, ctx.config.cvVisitorSalt, ctx.now())
    if (!destination) throw notFound('not found')
    return new Response(null, { status: 302, headers: { location: destination, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } })
  }
  const options = { middleware: [rateLimitMiddleware(ctx, 'cv-redirect')] }
  app.on('GET', '/cv/:token', handler, options)
  app.on('HEAD', '/cv/:token', handler, options)
}
