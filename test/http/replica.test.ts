import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import { toNodeHandler } from 'h3'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig } from '../../src/config.ts'
import { openDatabase } from '../../src/db/connection.ts'
import { openReplicaDatabase } from '../../src/cluster/role.ts'
import { createLogger } from '../../src/log.ts'
import { fixtureJob, inProcessCaller } from '../helpers/app.ts'
import { signUp, sessionHeaders, TEST_ORIGIN } from '../helpers/auth.ts'
import { catalogueFile } from '../helpers/temp.ts'
import { listenLocal } from '../helpers/net.ts'

/**
 * Issue 43: a replica app (read-only file) in front of a primary app on the same file, the primary
 * served over real HTTP, the replica called in-process. The replica answers reads itself and hands
 * the primary whatever writes.
 */
test('a replica answers reads itself and hands every write, and every read that must write, to the primary', async (t) => {
  const { path, db: seeded } = catalogueFile(t, 'replica', [fixtureJob({ title: 'Rust Engineer' })])
  seeded.close()
  const primaryDb = openDatabase(path)
  const primaryCtx = createContext(defaultConfig({ serveRole: 'primary', trustProxy: true }), primaryDb)
  const primary = await listenLocal(createServer(toNodeHandler(createApp(primaryCtx))))
  const replicaDb = await openReplicaDatabase(path, defaultConfig(), createLogger('silent'))
  const replicaCtx = createContext(defaultConfig({ serveRole: 'replica', primaryUrl: primary.url }), replicaDb)
  const call = inProcessCaller(createApp(replicaCtx))
  t.after(async () => {
    await replicaCtx.close?.()
    await primary.close()
    await primaryCtx.close?.()
    replicaDb.close()
    primaryDb.close()
  })

  // Sign-up and sign-in reach the primary through the replica; the session cookie comes back.
  const alice = await signUp(call)
  const search = await call('/api/v1/jobs/search?q=rust')
  assert.equal(search.status, 200)
  assert.deepEqual(search.body.data.map((job: { title: string }) => job.title), ['Rust Engineer'])
  assert.equal(search.headers.get('openroles-served-by'), null, 'a read is the replica’s own')

  // A write's body streams to the primary, which answers with its position (curl's `Expect:
  // 100-continue` on larger bodies is the replica's hop, not the primary's).
  const saved = await call('/api/v1/me/searches', { method: 'POST', headers: sessionHeaders(alice.cookie, { expect: '100-continue' }), body: JSON.stringify({ name: 'Rust', query: 'q=rust' }) })
  assert.equal(saved.status, 201)
  assert.equal(saved.headers.get('openroles-served-by'), 'primary')
  const position = saved.headers.get('openroles-position')
  assert.match(position ?? '', /^log:\d+$/)
  assert.ok(saved.headers.getSetCookie().some((cookie) => cookie.startsWith('openroles_position=')))
  // Carrying that position, the next read is the replica's: it has reached it.
  const list = await call('/api/v1/me/searches', { headers: { ...sessionHeaders(alice.cookie), 'openroles-position': position! } })
  assert.deepEqual(list.body.data.map((item: { name: string }) => item.name), ['Rust'])
  assert.equal(list.headers.get('openroles-served-by'), null)

  // A read that must write (the session's renewal, due an hour on) is refused by the read-only file
  // and answered by the primary instead: no 500, no renewal lost.
  replicaCtx.now = () => new Date(Date.now() + 2 * 60 * 60 * 1000)
  const renewed = await call('/api/v1/me/searches', { headers: sessionHeaders(alice.cookie) })
  assert.equal(renewed.status, 200)
  assert.equal(renewed.headers.get('openroles-served-by'), 'primary')
  replicaCtx.now = () => new Date()

  // A bad write is the primary's 4xx, unchanged, in the contract's envelope.
  const bad = await call('/api/v1/me/searches', { method: 'POST', headers: sessionHeaders(alice.cookie), body: '{"name":' })
  assert.equal(bad.status, 400)
  assert.equal(typeof bad.body.error, 'string')

  // A request some replica forwarded never goes round again (PRIMARY_URL naming a replica).
  const loop = await call('/api/v1/auth/login', { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'openroles-forwarded': '1' }, body: '{}' })
  assert.equal(loop.status, 502)
  assert.match(loop.body.error, /PRIMARY_URL must name the primary/)
})

test('a replica whose primary cannot be reached answers writes 503, and still serves reads', async (t) => {
  const { path, db } = catalogueFile(t, 'no-primary', [fixtureJob({ title: 'Go Engineer' })])
  db.close()
  const replicaDb = await openReplicaDatabase(path, defaultConfig(), createLogger('silent'))
  const ctx = createContext(defaultConfig({ serveRole: 'replica', primaryUrl: 'http://127.0.0.1:9' }), replicaDb)
  t.after(async () => {
    await ctx.close?.()
    replicaDb.close()
  })
  const call = inProcessCaller(createApp(ctx))
  const write = await call('/api/v1/auth/login', { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@example.org', password: 'x' }) })
  assert.equal(write.status, 503)
  assert.match(write.body.error, /primary.*cannot be reached/)
  assert.equal((await call('/api/v1/jobs/search?q=go')).body.meta.total, 1)
})
