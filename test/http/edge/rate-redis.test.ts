import { test } from 'node:test'
import assert from 'node:assert/strict'
import { defaultConfig } from '../../../src/config.ts'
import { redisRateLimiter } from '../../../src/http/rate-redis.ts'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { startRedis } from '../../helpers/redis.ts'

/**
 * REDIS_URL (issue 14): budgets counted in Redis, so two limiters (two processes, two machines)
 * draw from one bucket per caller. Against a real redis-server.
 */
test('two limiters on one Redis count a caller’s budget once, and the shared account bucket across callers', async (t) => {
  const redis = await startRedis()
  t.after(() => redis.stop())
  const config = defaultConfig({ accountBudgetPerHour: 5, accountGlobalPerHour: 7, accountQuietPerHour: 0 })
  const [one, two] = [redisRateLimiter(config, redis.url), redisRateLimiter(config, redis.url)]
  t.after(async () => {
    await one.close?.()
    await two.close?.()
  })
  const allowed: boolean[] = []
  for (let i = 0; i < 8; i++) allowed.push((await (i % 2 ? two : one).take('account', 'ip:a'))!.allowed)
  assert.deepEqual(allowed, [true, true, true, true, true, false, false, false], '5 per hour in total, not 5 per limiter')
  const refused = (await one.take('account', 'ip:a'))!
  assert.equal(refused.remaining, 0)
  assert.ok(refused.retryAfterSeconds > 0 && refused.retryAfterSeconds <= 720, 'one token comes back within 12 minutes')

  // Caller b has its own bucket, but everyone together has 7: b gets the 2 left.
  const b = [await two.take('account', 'ip:b'), await one.take('account', 'ip:b'), await two.take('account', 'ip:b')]
  assert.deepEqual(b.map((d) => d!.allowed), [true, true, false])
  assert.equal(b[2]!.scope, 'everyone', 'refused by the bucket of every caller, not its own')
})

test('on Redis too: one network shares its budget, and past the spent valve a quiet network is served', async (t) => {
  const redis = await startRedis()
  t.after(() => redis.stop())
  const config = defaultConfig({ accountBudgetPerHour: 5, accountNetworkPerHour: 3, accountGlobalPerHour: 4, accountQuietPerHour: 1 })
  const [one, two] = [redisRateLimiter(config, redis.url), redisRateLimiter(config, redis.url)]
  t.after(async () => {
    await one.close?.()
    await two.close?.()
  })
  const draws: [string, boolean, string?][] = [
    ['ip:198.51.100.1', true], ['ip:198.51.100.2', true], ['ip:198.51.100.3', true], ['ip:198.51.100.4', false, 'network'],
    ['ip:203.0.113.1', true], ['ip:192.0.2.1', true], ['ip:192.0.2.2', false, 'everyone'], ['ip:203.0.113.2', false, 'everyone'],
  ]
  for (const [index, [key, allowed, scope]] of draws.entries()) {
    const decision = (await (index % 2 ? two : one).take('account', key))!
    assert.equal(decision.allowed, allowed, key)
    assert.equal(decision.scope, scope, key)
  }
})

test('with REDIS_URL two apps answer 429 once the caller’s read budget is spent between them', async (t) => {
  const redis = await startRedis()
  t.after(() => redis.stop())
  const apps = [0, 1].map(() => createTestApp({ jobs: [fixtureJob()], config: { redisUrl: redis.url, readBudgetPerMinute: 3 } }))
  t.after(async () => {
    for (const app of apps) await app.ctx.close?.()
  })
  const statuses: number[] = []
  const remaining: (string | null)[] = []
  for (let i = 0; i < 5; i++) {
    const response = await apps[i % 2]!.get('/api/v1/jobs/search')
    statuses.push(response.status)
    remaining.push(response.headers.get('x-ratelimit-remaining'))
  }
  assert.deepEqual(statuses, [200, 200, 200, 429, 429])
  assert.deepEqual(remaining.slice(0, 3), ['2', '1', '0'])
})

test('Redis unreachable: the draw fails (the middleware then lets the request through)', async (t) => {
  const redis = await startRedis()
  const limiter = redisRateLimiter(defaultConfig(), redis.url)
  t.after(() => limiter.close?.())
  assert.equal((await limiter.take('read', 'ip:a'))!.allowed, true)
  await redis.stop()
  await assert.rejects(async () => limiter.take('read', 'ip:a'))
})
