import { test } from 'node:test'
import assert from 'node:assert/strict'
import { agentOwner } from '../../../src/http/request-log.ts'
import { createProbeApp } from './probe-app.ts'

test('one structured line per request: method, route pattern, status, duration, caller kind, agent owner', async () => {
  const { call, logged } = createProbeApp()
  await call('/api/v1/probe/read/sekrit-slug?q=token-abc123&limit=5', {
    headers: { 'user-agent': 'acme/job-radar/2.1 (+https://acme.example/bot)', authorization: 'Bearer or_live_not-a-real-key' },
  })
  const lines = logged.filter((line) => line.msg === 'request')
  assert.equal(lines.length, 1)
  const { fields } = lines[0]
  assert.equal(fields?.method, 'GET')
  assert.equal(fields?.route, '/api/v1/probe/read/:id')
  assert.equal(fields?.status, 404)
  assert.equal(typeof fields?.ms, 'number')
  assert.equal(fields?.caller, 'anonymous', 'the key is not valid, so the caller is anonymous')
  assert.equal(fields?.agent, 'acme/job-radar')
  const text = JSON.stringify(logged)
  for (const secret of ['sekrit', 'token-abc123', 'or_live', 'acme.example']) assert.ok(!text.includes(secret), `${secret} stays out of the log`)
})

test('unmatched and malformed requests are logged too, by a bounded path', async () => {
  const { call, logged } = createProbeApp()
  await call(`/api/v1/${'x'.repeat(1000)}`)
  await call('/api/v1/probe/read/%ZZ')
  const lines = logged.filter((line) => line.msg === 'request').map((line) => line.fields)
  assert.deepEqual(lines.map((fields) => fields?.status), [404, 400])
  assert.ok(String(lines[0]?.route).length <= 200)
})

test('agentOwner keeps owner/project of an identifying User-Agent, or the first token of any other', () => {
  assert.equal(agentOwner('acme/radar'), 'acme/radar')
  assert.equal(agentOwner('Mozilla/5.0 (X11; Linux x86_64)'), 'Mozilla/5.0')
  assert.equal(agentOwner('curl'), 'curl')
  assert.equal(agentOwner(''), undefined)
  assert.equal(agentOwner(null), undefined)
})

test('tests are quiet: the default test config logs nothing', async () => {
  const { createTestApp } = await import('../../helpers/app.ts')
  const { ctx } = createTestApp()
  assert.equal(ctx.config.logLevel, 'silent')
})
