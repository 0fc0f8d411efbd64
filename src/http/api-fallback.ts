import type { EventHandler } from 'h3'
import type { RouteSpec } from './route.ts'
import { methodNotAllowed, notFound } from '../errors.ts'
import { optionsResponse } from './cors.ts'

/**
 * Everything under /api/ that no route took: OPTIONS on a known path (Allow + CORS preflight),
 * a wrong method on a known path (405 with Allow), anything else 404. The path is matched
 * against every route here rather than per registered path, so a static path never hides a
 * parameterised one that allows the method.
 */
export function apiFallback(routes: RouteSpec[]): EventHandler {
  const matchers = routes.map((route) => ({ route, matches: pathMatcher(`/api/v1${route.path}`) }))
  return (event) => {
    // The router forgives one trailing slash; so does this.
    const path = event.url.pathname.length > 1 ? event.url.pathname.replace(/\/$/, '') : event.url.pathname
    const matching = matchers.filter((m) => m.matches(path)).map((m) => m.route)
    if (!matching.length) throw notFound('no such route; the operations are listed at /api/v1/openapi.json')
    const methods = new Set(matching.map((route) => route.method as string))
    if (methods.has('GET')) methods.add('HEAD')
    methods.add('OPTIONS')
    const allow = [...methods].join(', ')
    if (event.req.method === 'OPTIONS') return optionsResponse(event, matching, allow)
    throw methodNotAllowed(`method not allowed here; allowed: ${allow}`, { Allow: allow })
  }
}

/** `:name` matches one non-empty segment, `**` the rest; other segments literally. */
function pathMatcher(pattern: string): (path: string) => boolean {
  const expected = pattern.split('/')
  return (path) => {
    const actual = path.split('/')
    for (let i = 0; i < expected.length; i++) {
      const segment = expected[i]
      if (segment.startsWith('**')) return true
      if (i >= actual.length) return false
      if (segment.startsWith(':') ? actual[i] === '' : segment !== actual[i]) return false
    }
    return actual.length === expected.length
  }
}
