import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { allRoutes } from '../../src/app.ts'

test('every /me route answers 401 { error } without credentials, and with a revoked or forged credential', async () => {
  const { call, ctx } = createTestApp()
  const meRoutes = allRoutes(ctx).filter((route) => route.path === '/me' || route.path.startsWith('/me/'))
  assert.ok(meRoutes.length >= 5, 'the /me surface is registered')
  const credentials: [string, Record<string, string>][] = [
    ['none', {}],
    ['forged cookie', { cookie: 'openroles_session=aaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' }],
    ['forged key', { authorization: 'Bearer or_live_aaaaaaaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' }],
  ]
  for (const route of meRoutes) {
    const path = '/api/v1' + route.path.replace(/:[a-z_]+/gi, '1')
    for (const [label, headers] of credentials) {
      const response = await call(path, {
        method: route.method,
        headers: { 'content-type': 'application/json', ...headers },
        body: route.method === 'GET' ? undefined : '{}',
      })
      assert.equal(response.status, 401, `${route.method} ${route.path} (${label})`)
      assert.equal(typeof response.body.error, 'string')
    }
  }
})
