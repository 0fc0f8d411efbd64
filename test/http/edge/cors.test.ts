import { test } from 'node:test'
import assert from 'node:assert/strict'
import { allRoutes } from '../../../src/app.ts'
import { createTestApp } from '../../helpers/app.ts'
import { createProbeApp } from './probe-app.ts'

const FOREIGN = 'https://elsewhere.example'

test('a public read answers any origin, exposes the rate-limit headers and never allows credentials', async () => {
  const { call } = createProbeApp()
  const response = await call('/api/v1/probe/read', { headers: { origin: FOREIGN } })
  assert.equal(response.status, 200)
  assert.equal(response.headers.get('access-control-allow-origin'), '*')
  assert.match(response.headers.get('access-control-expose-headers') ?? '', /X-RateLimit-Remaining/)
  assert.equal(response.headers.get('access-control-allow-credentials'), null)
})

test('error replies of a public read are readable cross-origin too (404, 429)', async () => {
  const { call } = createProbeApp({ config: { readBudgetPerMinute: 1 } })
  const missing = await call('/api/v1/probe/read/x', { headers: { origin: FOREIGN } })
  assert.equal(missing.status, 404)
  assert.equal(missing.headers.get('access-control-allow-origin'), '*')
  const limited = await call('/api/v1/probe/read', { headers: { origin: FOREIGN } })
  assert.equal(limited.status, 429)
  assert.equal(limited.headers.get('access-control-allow-origin'), '*')
  assert.equal(typeof limited.body.error, 'string')
})

test('preflight of a public read: 204 with the grant, echoing well-formed requested headers only', async () => {
  const { call } = createProbeApp()
  const preflight = (requested: string) =>
    call('/api/v1/probe/read', {
      method: 'OPTIONS',
      headers: { origin: FOREIGN, 'access-control-request-method': 'GET', 'access-control-request-headers': requested },
    })
  const ok = await preflight('authorization, x-client')
  assert.equal(ok.status, 204)
  assert.equal(ok.headers.get('access-control-allow-origin'), '*')
  assert.equal(ok.headers.get('access-control-allow-methods'), 'GET, HEAD, OPTIONS')
  assert.equal(ok.headers.get('access-control-allow-headers'), 'authorization, x-client')
  assert.equal(ok.headers.get('allow'), 'GET, HEAD, OPTIONS')
  const odd = await preflight('a b;c')
  assert.equal(odd.status, 204)
  assert.equal(odd.headers.get('access-control-allow-headers'), null)
})

test('signed-in and write routes send no CORS grant, in preflight or in the reply', async () => {
  const { call } = createProbeApp()
  for (const [path, method] of [['/api/v1/probe/mine', 'GET'], ['/api/v1/probe/echo', 'POST']]) {
    const preflight = await call(path, { method: 'OPTIONS', headers: { origin: FOREIGN, 'access-control-request-method': method } })
    assert.equal(preflight.status, 204)
    assert.equal(preflight.headers.get('access-control-allow-origin'), null, `${method} ${path}`)
    const reply = await call(path, { method, headers: { origin: FOREIGN }, body: method === 'POST' ? '{"name":"x"}' : undefined })
    assert.equal(reply.headers.get('access-control-allow-origin'), null, `${method} ${path}`)
    assert.equal(reply.headers.get('access-control-allow-credentials'), null)
  }
})

test('every route of the app: the CORS grant exactly on public GET operations', async () => {
  const { call, ctx } = createTestApp()
  const routes = allRoutes(ctx)
  assert.ok(routes.length > 0)
  for (const route of routes) {
    const path = `/api/v1${route.path.replace(/:(\w+)/g, 'probe-$1')}`
    const preflight = await call(path, { method: 'OPTIONS', headers: { origin: FOREIGN, 'access-control-request-method': route.method } })
    assert.equal(preflight.status, 204, `${route.method} ${route.path}`)
    const granted = preflight.headers.get('access-control-allow-origin') === '*'
    assert.equal(granted, route.auth === 'public' && route.method === 'GET', `${route.method} ${route.path}`)
  }
})
