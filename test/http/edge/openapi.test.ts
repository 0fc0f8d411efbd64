import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Validator } from '@seriousme/openapi-schema-validator'
import { allRoutes } from '../../../src/app.ts'
import { openapiRoutes } from '../../../src/http/routes/openapi.ts'
import type { Route } from '../../../src/http/route.ts'
import { createTestApp } from '../../helpers/app.ts'
import { createProbeApp, probeRoutes } from './probe-app.ts'

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

test('GET /api/v1/openapi.json validates against the OpenAPI 3.1 schema and lists every operation', async () => {
  const { get, ctx } = createTestApp()
  const response = await get('/api/v1/openapi.json')
  assert.equal(response.status, 200)
  assert.equal(response.headers.get('access-control-allow-origin'), '*')
  const document = response.body
  const result = await new Validator().validate(document)
  assert.deepEqual(result.errors, undefined)
  assert.equal(result.valid, true)
  assert.equal(document.openapi, '3.1.0')
  const routes = allRoutes(ctx)
  for (const route of routes) {
    const operation = document.paths[toOpenApiPath(route.path)]?.[route.method.toLowerCase()]
    assert.ok(operation, `${route.method} ${route.path} is documented`)
    assert.equal(operation.summary, route.summary)
  }
  const operationCount = Object.values(document.paths).reduce((n: number, item) => n + Object.keys(item as object).length, 0)
  assert.equal(operationCount, routes.length, 'nothing documented that is not implemented')
  const ids = Object.values(document.paths).flatMap((item) => Object.values(item as Record<string, { operationId: string }>).map((op) => op.operationId))
  assert.equal(new Set(ids).size, ids.length, 'operationIds are unique')
})

test('the document describes auth, envelopes, errors, rate-limit headers and our choices', async () => {
  const { get } = createProbeApp({
    routes: (ctx) => {
      const routes: Route[] = [...probeRoutes(), ...openapiRoutes(ctx, () => routes)]
      return routes
    },
  })
  const response = await get('/api/v1/openapi.json')
  assert.equal(response.status, 200)
  const document = response.body
  assert.deepEqual(Object.keys(document.components.securitySchemes).sort(), ['apiKey', 'sessionCookie'])
  assert.equal(document.components.securitySchemes.sessionCookie.in, 'cookie')
  assert.equal(document.components.securitySchemes.apiKey.scheme, 'bearer')
  assert.deepEqual(document.components.schemas.Error.required, ['error'])
  assert.match(document.info.description, /MAX_QUERY_LENGTH/)

  const read = document.paths['/probe/read'].get
  assert.deepEqual(read.security, [])
  assert.equal(read['x-rate-limit-budget'], 'read')
  const limit = read.parameters.find((p: { name: string }) => p.name === 'limit')
  assert.deepEqual(limit, { name: 'limit', in: 'query', required: false, description: 'page size', schema: { type: 'integer', minimum: 1, maximum: 100 } })
  const parameter = (name: string) => read.parameters.find((p: { name: string }) => p.name === name)
  assert.deepEqual(parameter('remote').schema, { type: 'boolean' })
  assert.equal(parameter('remote').description, 'remote only')
  assert.deepEqual(parameter('offset').schema, { type: 'integer', minimum: 0 })
  assert.ok(read.responses['200'].headers['X-RateLimit-Remaining'])
  assert.ok(read.responses['429'].headers['Retry-After'])
  assert.equal(read.responses['400'].content['application/json'].schema.$ref, '#/components/schemas/Error')

  const item = document.paths['/probe/read/{id}'].get
  assert.deepEqual(item.parameters[0], { name: 'id', in: 'path', required: true, schema: { type: 'string' } })
  assert.ok(item.responses['404'])

  const mine = document.paths['/probe/mine'].get
  assert.deepEqual(mine.security, [{ sessionCookie: [] }, { apiKey: [] }])
  assert.ok(mine.responses['401'])
  assert.equal(mine.responses['200'].headers, undefined, 'no budget, no rate-limit headers')

  const echo = document.paths['/probe/echo'].post
  assert.deepEqual(echo.requestBody.content['application/json'].schema, { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] })
  assert.ok(echo.responses['413'])
})

test('GET /api/v1/docs serves a quick start first, then the viewer script from this server; no other host', async () => {
  const { get, app } = createTestApp()
  const response = await get('/api/v1/docs')
  assert.equal(response.status, 200)
  assert.match(response.headers.get('content-type') ?? '', /^text\/html/)
  const html = String(response.body)
  assert.match(html, /Quick start/)
  assert.match(html, /curl 'http:\/\/localhost\/api\/v1\/jobs\/search\?q=go&amp;work_mode=remote&amp;limit=5'/)
  assert.ok(html.indexOf('Quick start') < html.indexOf('id="reference"'), 'the quick start comes before the reference')
  assert.match(html, /data-spec="\/api\/v1\/openapi\.json"/)
  assert.doesNotMatch(html, /(src|href)=["']?(https?:)?\/\//, 'nothing loaded from another host')
  const csp = response.headers.get('content-security-policy') ?? ''
  assert.match(csp, /default-src 'none'/)
  assert.match(csp, /script-src 'self';/, 'scripts from this origin only, no inline script')
  const script = /<script src="(\/assets\/docs-viewer-[\w-]+\.js)"/.exec(html)?.[1]
  assert.ok(script, 'the page loads the bundled viewer')
  const viewer = await app.request(script)
  assert.equal(viewer.status, 200)
  assert.match(viewer.headers.get('content-type') ?? '', /^text\/javascript/)
  assert.match(viewer.headers.get('cache-control') ?? '', /immutable/)
  const code = await viewer.text()
  assert.ok(code.length > 100_000, 'the Redoc bundle is served')
  assert.doesNotMatch(code, /cdn\.redoc\.ly/, 'the one CDN URL in Redoc is stripped at build time')
  assert.equal((await app.request('/assets/docs-viewer-NOPE.js')).status, 404)
})

test('the OpenAPI document holds together: path parameters declared, refs resolvable, ids unique', async () => {
  const { get } = createTestApp()
  const document = (await get('/api/v1/openapi.json')).body
  const resolve = (ref: string) => ref.slice(2).split('/').reduce((node: any, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], document)
  const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? []
  for (const ref of new Set(refs)) assert.ok(resolve(JSON.parse(`{${ref}}`).$ref), `${ref} resolves`)
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
    const named = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
    for (const [method, operation] of Object.entries(item)) {
      const declared = (operation.parameters ?? []).filter((p: any) => p.in === 'path')
      assert.deepEqual(declared.map((p: any) => p.name).sort(), named, `${method} ${path}: path parameters`)
      assert.ok(declared.every((p: any) => p.required === true), `${method} ${path}: path parameters are required`)
      const query = (operation.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name)
      assert.equal(new Set(query).size, query.length, `${method} ${path}: no query parameter twice`)
      assert.ok(operation.operationId && operation.summary && Object.keys(operation.responses ?? {}).length, `${method} ${path}: id, summary, responses`)
    }
  }
})
