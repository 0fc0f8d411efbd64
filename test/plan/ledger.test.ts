import { test } from 'node:test'
import assert from 'node:assert/strict'
import * as v from 'valibot'
import { createTestApp, inProcessCaller } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, signUp } from '../helpers/auth.ts'
import { allRoutes, createApp } from '../../src/app.ts'
import { defaultConfig, type Config } from '../../src/config.ts'
import { defineOperation } from '../../src/http/route.ts'
import { consume, release } from '../../src/plan/ledger.ts'
import { grantPlan } from '../../src/plan/plan-view.ts'
import { planSettings } from '../../src/plan/plan-settings.ts'
import type { AppContext } from '../../src/context.ts'

/**
 * The ledger as later metered operations use it: a test operation draws on it exactly as match
 * analysis will (consume before the work, release when nothing was produced), so the 402 goes
 * through the real error mapper.
 */
function meteredRoute(ctx: AppContext) {
  return defineOperation(
    { method: 'POST', path: '/test/metered', summary: 'test', tags: ['test'], auth: 'session-or-key', body: v.object({ reference: v.optional(v.string()), fail: v.optional(v.boolean()) }) },
    (_event, { caller, body }) => {
      const { allowance, ledgerId } = consume(ctx.db, ctx.config, { userId: caller.userId, feature: 'match', reference: body.reference, subtitle: body.reference, now: ctx.now() })
      if (body.fail && ledgerId !== null) release(ctx.db, caller.userId, ledgerId)
      return { data: { allowance, charged: ledgerId !== null } }
    },
  )
}

async function setup(config: Partial<Config> = {}) {
  const { ctx, db } = createTestApp({ config })
  const call = inProcessCaller(createApp(ctx, [...allRoutes(ctx), meteredRoute(ctx)]))
  const alice = await signUp(call)
  const key = await createApiKey(call, alice.cookie)
  const send = (method: string, path: string, body?: unknown) => call(`/api/v1${path}`, { method, headers: bearerHeaders(key), ...(body !== undefined && { body: JSON.stringify(body) }) })
  return { ctx, db, call, alice, send }
}

test('/me/plan lists every metered feature; shadow mode counts past the limit and never refuses', async () => {
  const { send } = await setup()
  const plan = (await send('GET', '/me/plan')).body.data
  assert.equal(plan.plan, 'free')
  assert.equal(plan.pro_until, undefined)
  assert.deepEqual(plan.allowances.map((a: any) => [a.feature, a.used, a.limit, a.unlimited, a.enforced]), [
    ['match', 0, 3, false, false], ['tailor', 0, 2, false, false], ['assistant', 0, 10, false, false], ['dictation', 0, 10, false, false],
  ])
  const midnight = new Date(plan.resets_at)
  assert.equal(midnight.toISOString().slice(11), '00:00:00.000Z')
  assert.ok(midnight.getTime() > Date.now() && midnight.getTime() - Date.now() <= 86_400_000)
  for (let i = 0; i < 5; i++) assert.equal((await send('POST', '/test/metered', {})).status, 200)
  const match = (await send('GET', '/me/plan')).body.data.allowances[0]
  assert.equal(match.used, 5, 'counted beyond the limit, never refused')
})

test('an enforced feature: 402 with the allowance and upgrade_url; a charged reference is free; a release gives the use back', async () => {
  const { send } = await setup({ planEnforce: 'match' })
  assert.equal((await send('POST', '/test/metered', { reference: 'go-dev' })).body.data.charged, true)
  assert.equal((await send('POST', '/test/metered', { reference: 'go-dev' })).body.data.charged, false, 'the same job re-analysed is free')
  assert.equal((await send('POST', '/test/metered', { reference: 'rust-dev', fail: true })).body.data.allowance.used, 2)
  assert.equal((await send('GET', '/me/plan')).body.data.allowances[0].used, 1, 'released: nothing was produced')
  await send('POST', '/test/metered', { reference: 'a' })
  await send('POST', '/test/metered', { reference: 'b' })
  const refused = await send('POST', '/test/metered', { reference: 'c' })
  assert.equal(refused.status, 402)
  assert.equal(refused.body.error, "You've used today's job analyses.")
  assert.equal(refused.body.upgrade_url, '/my/plan')
  assert.deepEqual({ ...refused.body.allowance, resets_at: undefined }, { feature: 'match', used: 3, limit: 3, unlimited: false, enforced: true, resets_at: undefined })
  // A charged reference stays free even when the day is used up.
  assert.equal((await send('POST', '/test/metered', { reference: 'go-dev' })).status, 200)

  const history = (await send('GET', '/me/plan/history')).body.data
  assert.deepEqual(history.map((row: any) => [row.kind, row.label, row.subtitle]), [
    ['consume', 'Job analysis', 'b'], ['consume', 'Job analysis', 'a'], ['release', 'Returned — nothing was produced', 'rust-dev'], ['consume', 'Job analysis', 'go-dev'],
  ])
  assert.match(history[0].day, /^\d{4}-\d{2}-\d{2}$/)
  const usage = (await send('GET', '/me/usage')).body.data
  assert.deepEqual({ ...usage, resets_at: undefined }, { requests: 4, failed: 1, tokens: 0, period: history[0].day, resets_at: undefined })
})

test('limits per plan come from settings: 0 means not included, a paid tier is unlimited under fair use', async () => {
  const { send, db, alice } = await setup({ planEnforce: 'all', planFreeLimits: 'match=0', planFairUse: 'match=2' })
  const refused = await send('POST', '/test/metered', {})
  assert.equal(refused.status, 402)
  assert.equal(refused.body.error, "Your plan doesn't include job analyses.")
  assert.equal((await send('GET', '/me/plan')).body.data.allowances[1].limit, 0, 'features the free plan does not name are not included')

  grantPlan(db, alice.userId, 'ultra', new Date(Date.now() + 30 * 86_400_000), 'granted', new Date())
  const plan = (await send('GET', '/me/plan')).body.data
  assert.equal(plan.plan, 'ultra')
  assert.equal(plan.pro_source, 'granted')
  assert.equal(typeof plan.pro_until, 'string')
  assert.deepEqual(plan.allowances[0], { feature: 'match', used: 0, unlimited: true, enforced: true, resets_at: plan.resets_at })
  await send('POST', '/test/metered', {})
  await send('POST', '/test/metered', {})
  const fairUse = await send('POST', '/test/metered', {})
  assert.equal(fairUse.status, 402)
  assert.match(fairUse.body.error, /fair-use/)
  assert.equal(fairUse.body.upgrade_url, undefined)
})

test('plan settings are checked at start', () => {
  assert.throws(() => planSettings(defaultConfig({ planFreeLimits: 'match=lots' })), /PLAN_FREE_LIMITS/)
  assert.throws(() => planSettings(defaultConfig({ planEnforce: 'teleport' })), /PLAN_ENFORCE/)
  assert.throws(() => createTestApp({ config: { planFairUse: 'x' } }), /PLAN_FAIR_USE/)
})
