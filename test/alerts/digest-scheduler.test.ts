import { test, mock } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { signUp, sessionSender } from '../helpers/auth.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'

test('the in-process scheduler writes digests every DIGEST_INTERVAL_MINUTES and stops with the context', async () => {
  mock.timers.enable({ apis: ['setInterval'] })
  try {
    const { call, ctx, db } = createTestApp({ config: { digestIntervalMinutes: 5 } })
    const alice = await signUp(call)
    const send = sessionSender(call, alice.cookie)
    const search = (await send('POST', '/me/searches', { name: 'Remote', query: 'work_mode=remote' })).body.data
    await send('POST', '/me/subscriptions', { saved_search_id: search.id })
    await new Promise((resolve) => setTimeout(resolve, 5))
    db.transaction(() => upsertJob(db, fixtureJob({ title: 'Remote SRE', workMode: 'remote' })))()
    await new Promise((resolve) => setTimeout(resolve, 5))
    const notifications = async () => (await send('GET', '/me/notifications')).body.meta.total

    mock.timers.tick(4 * 60_000)
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal(await notifications(), 0)
    mock.timers.tick(60_000)
    await new Promise((resolve) => setTimeout(resolve, 20))
    assert.equal(await notifications(), 1)

    await ctx.close?.()
    await new Promise((resolve) => setTimeout(resolve, 5))
    db.transaction(() => upsertJob(db, fixtureJob({ title: 'Remote SRE 2', workMode: 'remote' })))()
    mock.timers.tick(10 * 60_000)
    await new Promise((resolve) => setTimeout(resolve, 20))
    assert.equal(await notifications(), 1)
  } finally {
    mock.timers.reset()
  }
})
