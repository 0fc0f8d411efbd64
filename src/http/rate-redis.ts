/**
 * Rate budgets in Redis (REDIS_URL): every process on every machine draws from the same buckets.
 * The refill-and-take of rate-limit.ts's memory store runs as one Lua script, so a draw is atomic
 * without a lock, and on Redis's clock, so machines whose clocks differ still agree. A bucket
 * expires once it would be full again (an absent bucket is a full one). Redis unreachable: a draw
 * fails after half a second and the middleware lets the request through, logged.
 */
import { Redis } from 'ioredis'
import type { Config } from '../config.ts'
import type { RateLimiter } from '../context.ts'
import { limiterOver } from './rate-limit.ts'

const DRAW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local function level(key, capacity, perMs)
  local b = redis.call('HMGET', key, 'tokens', 'at')
  local tokens = tonumber(b[1]) or capacity
  local at = tonumber(b[2]) or now
  return math.min(capacity, tokens + math.max(0, now - at) * perMs)
end
local function store(key, tokens, capacity, perMs)
  redis.call('HSET', key, 'tokens', tostring(tokens), 'at', tostring(now))
  redis.call('PEXPIRE', key, math.max(1, math.ceil((capacity - tokens) / perMs)))
end
local mine = level(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]))
local shared = nil
if #KEYS > 1 then shared = level(KEYS[2], tonumber(ARGV[3]), tonumber(ARGV[4])) end
local allowed = mine >= 1 and (shared == nil or shared >= 1)
if allowed then
  mine = mine - 1
  if shared then shared = shared - 1 end
end
store(KEYS[1], mine, tonumber(ARGV[1]), tonumber(ARGV[2]))
if shared then store(KEYS[2], shared, tonumber(ARGV[3]), tonumber(ARGV[4])) end
return { allowed and 1 or 0, tostring(mine), shared and tostring(shared) or '' }
`

export function redisRateLimiter(config: Config, url: string, prefix = 'openroles:rate:'): RateLimiter {
  const redis = new Redis(url, { commandTimeout: 500, maxRetriesPerRequest: 1 })
  // Connection errors surface as failed draws; the client keeps reconnecting on its own.
  redis.on('error', () => {})
  return limiterOver(
    config,
    async (key, own, shared) => {
      const keys = shared ? [prefix + key, prefix + shared.key] : [prefix + key]
      const args = [own.capacity, own.perMs, shared?.spec.capacity ?? 0, shared?.spec.perMs ?? 0]
      const [allowed, mine, everyone] = (await redis.eval(DRAW, keys.length, ...keys, ...args)) as [number, string, string]
      return { allowed: allowed === 1, mine: Number(mine), shared: everyone === '' ? null : Number(everyone) }
    },
    async () => {
      redis.disconnect()
    },
  )
}
