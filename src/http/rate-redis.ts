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
-- KEYS: the caller's bucket, then its network's (when ARGV[8] is 1), then the valve (when ARGV[9] is 1).
-- ARGV: capacity and refill per ms of each of the three, the quiet allowance, the two flags.
local mine = level(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]))
local networkCapacity = tonumber(ARGV[3])
local quiet = tonumber(ARGV[7])
local network = nil
local everyone = nil
if ARGV[8] == '1' then network = level(KEYS[2], networkCapacity, tonumber(ARGV[4])) end
if ARGV[9] == '1' then everyone = level(KEYS[#KEYS], tonumber(ARGV[5]), tonumber(ARGV[6])) end
-- The rule of drawAllowed in rate-limit.ts.
local allowed = mine >= 1 and (network == nil or network >= 1)
if allowed and everyone ~= nil and everyone < 1 then
  allowed = network ~= nil and math.ceil(networkCapacity - network) < quiet
end
if allowed then
  mine = mine - 1
  if network then network = network - 1 end
  if everyone then everyone = math.max(0, everyone - 1) end
end
store(KEYS[1], mine, tonumber(ARGV[1]), tonumber(ARGV[2]))
if network then store(KEYS[2], network, networkCapacity, tonumber(ARGV[4])) end
if everyone then store(KEYS[#KEYS], everyone, tonumber(ARGV[5]), tonumber(ARGV[6])) end
return { allowed and 1 or 0, tostring(mine), network and tostring(network) or '', everyone and tostring(everyone) or '' }
`

export function redisRateLimiter(config: Config, url: string, prefix = 'openroles:rate:'): RateLimiter {
  const redis = new Redis(url, { commandTimeout: 500, maxRetriesPerRequest: 1 })
  // Connection errors surface as failed draws; the client keeps reconnecting on its own.
  redis.on('error', () => {})
  return limiterOver(
    config,
    async (key, own, shared) => {
      const network = shared?.network ?? null
      const everyone = shared?.everyone ?? null
      const keys = [key, ...(network ? [network.key] : []), ...(everyone ? [everyone.key] : [])].map((name) => prefix + name)
      const args = [own.capacity, own.perMs, network?.spec.capacity ?? 0, network?.spec.perMs ?? 0, everyone?.spec.capacity ?? 0, everyone?.spec.perMs ?? 0, shared?.quiet ?? 0, network ? 1 : 0, everyone ? 1 : 0]
      const [allowed, mine, networkLevel, everyoneLevel] = (await redis.eval(DRAW, keys.length, ...keys, ...args)) as [number, string, string, string]
      const level = (value: string) => (value === '' ? null : Number(value))
      return { allowed: allowed === 1, mine: Number(mine), network: level(networkLevel), shared: level(everyoneLevel) }
    },
    async () => {
      redis.disconnect()
    },
  )
}
