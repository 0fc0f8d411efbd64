import { LRUCache } from 'lru-cache'
import type { H3Event, Middleware } from 'h3'
import type { Config } from '../config.ts'
import type { AppContext, Budget, RateDecision, RateLimiter } from '../context.ts'
import { tooManyRequests } from '../errors.ts'
import { setEdgeHeader } from './edge-headers.ts'
import { requestCaller } from './request-caller.ts'
import { clientAddressBlock, networkOfBlock } from './client-address.ts'

/**
 * Per-caller token buckets (docs/edge.md). `read` and `agent` hold RATE_BURST_PERCENT of their
 * per-minute amount and refill continuously at perMinute/60 s. `account` (sign-up and mail-sending
 * routes) is per hour and also draws on its network's bucket (IPv4 /24, IPv6 /48:
 * RATE_ACCOUNT_NETWORK_PER_HOUR), so one caller rotating addresses in its range is still one
 * caller, and on a valve shared by every caller (RATE_ACCOUNT_GLOBAL_PER_HOUR). The valve must not
 * become a denial of service: once it is empty, a caller whose network has drawn fewer than
 * RATE_ACCOUNT_QUIET_PER_HOUR tokens (it is not where the flood comes from) is still served.
 * Buckets live in one LRU so a flood of distinct callers evicts the least recent ones (who then
 * start full) instead of exhausting memory.
 *
 * Where the buckets live is the store's part (a `draw`): this process's memory (one serving
 * process), the cluster's primary over IPC (src/cluster/rate-ipc.ts: several processes, one
 * machine) or Redis when REDIS_URL is set (rate-redis.ts: several machines). The budgets, the
 * shared account bucket and the decision reported are computed here for every store, so a budget
 * of 600/min is 600/min per caller however many processes serve.
 */
/** What a store answers: whether the token was taken, and the bucket levels after it. */
export interface Drawn {
  allowed: boolean
  mine: number
  network: number | null
  shared: number | null
}

/** The buckets an account draw takes from beyond the caller's own. */
export interface SharedBuckets {
  network: { key: string; spec: BucketSpec } | null
  everyone: { key: string; spec: BucketSpec } | null
  /** Past an empty valve, a network that has drawn fewer than this many tokens is still served. */
  quiet: number
}

/**
 * One draw: a token from the caller's bucket `key` and, when given, from its network's bucket and
 * the valve too (all or none; the valve is passed by a quiet network, see above).
 */
export type Draw<R> = (key: string, own: BucketSpec, shared: SharedBuckets | null) => R

/** The rule every store applies (the Redis script mirrors it): may this draw take its tokens? */
export function drawAllowed(mine: number, network: number | null, everyone: number | null, shared: SharedBuckets | null): boolean {
  if (mine < 1 || (network !== null && network < 1)) return false
  if (everyone === null || everyone >= 1) return true
  // A partly refilled token still counts as drawn.
  return network !== null && Math.ceil(shared!.network!.spec.capacity - network) < shared!.quiet
}

interface Bucket {
  tokens: number
  updatedAt: number
}

export interface BucketSpec {
  limit: number
  per: 'minute' | 'hour'
  capacity: number
  perMs: number
}

const spec = (limit: number, per: 'minute' | 'hour', capacity = limit): BucketSpec => ({
  limit,
  per,
  capacity: Math.max(1, capacity),
  perMs: limit / (per === 'minute' ? 60_000 : 3_600_000),
})

/** The budgets of the settings, and the decision a store's draw amounts to: the one place for both. */
export function budgetsOf(config: Config) {
  const burst = (perMinute: number) => Math.floor((perMinute * Math.max(1, config.rateBurstPercent)) / 100)
  const specs: Record<Budget, BucketSpec> = {
    read: spec(config.readBudgetPerMinute, 'minute', burst(config.readBudgetPerMinute)),
    agent: spec(config.agentBudgetPerMinute, 'minute', burst(config.agentBudgetPerMinute)),
    account: spec(config.accountBudgetPerHour, 'hour'),
    'cv-redirect': spec(config.cvRedirectsPerMinute, 'minute'),
  }
  const everyone = spec(config.accountGlobalPerHour, 'hour')
  const network = spec(config.accountNetworkPerHour, 'hour')
  const decide = (s: BucketSpec, tokens: number, allowed: boolean): RateDecision => ({
    allowed,
    limit: s.limit,
    per: s.per,
    remaining: Math.floor(tokens),
    resetSeconds: Math.ceil((s.capacity - tokens) / s.perMs / 1000),
    retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / s.perMs / 1000)),
  })
  return {
    /** The draw to make for a request, or null when the budget is off. */
    plan(budget: Budget, callerKey: string): Parameters<Draw<unknown>> | null {
      const own = specs[budget]
      if (!(own.limit > 0)) return null
      if (budget !== 'account') return [`${budget}\u0000${callerKey}`, own, null]
      const shared: SharedBuckets = {
        network: network.limit > 0 ? { key: `account-network\u0000${networkOf(callerKey)}`, spec: network } : null,
        everyone: everyone.limit > 0 ? { key: 'everyone', spec: everyone } : null,
        quiet: config.accountQuietPerHour,
      }
      return [`${budget}\u0000${callerKey}`, own, shared.network || shared.everyone ? shared : null]
    },
    decision(budget: Budget, drawn: Drawn): RateDecision {
      if (drawn.allowed || drawn.mine < 1) return decide(specs[budget], drawn.mine, drawn.allowed)
      if (drawn.network !== null && drawn.network < 1) return { ...decide(network, drawn.network, false), scope: 'network' }
      return { ...decide(everyone, drawn.shared ?? 0, false), scope: 'everyone' }
    },
  }
}

/** A limiter over any store: asynchronous stores give asynchronous answers. */
export function limiterOver(config: Config, draw: Draw<Promise<Drawn>>, close?: () => Promise<void>): RateLimiter {
  const budgets = budgetsOf(config)
  return {
    async take(budget, callerKey) {
      const planned = budgets.plan(budget, callerKey)
      return planned ? budgets.decision(budget, await draw(...planned)) : null
    },
    close,
  }
}

/** This process's memory as the store. */
export function memoryDraw(config: Config, now: () => number = Date.now): Draw<Drawn> {
  const buckets = new LRUCache<string, Bucket>({ max: Math.max(1, config.rateLimitCallers) })
  // Outside the LRU: a flood of distinct callers must not evict (and so refill) the shared bucket.
  let everyoneBucket: Bucket | undefined
  // Networks apart too: only account draws touch them, so a read flood cannot make a network look quiet.
  const networks = new LRUCache<string, Bucket>({ max: Math.max(1, config.rateLimitCallers) })

  /** The bucket refilled up to now (not yet stored). */
  const level = (bucket: Bucket | undefined, s: BucketSpec, at: number): Bucket => {
    const from = bucket ?? { tokens: s.capacity, updatedAt: at }
    return { tokens: Math.min(s.capacity, from.tokens + Math.max(0, at - from.updatedAt) * s.perMs), updatedAt: at }
  }
  return (key, own, shared) => {
    const at = now()
    const mine = level(buckets.get(key), own, at)
    const network = shared?.network ? level(networks.get(shared.network.key), shared.network.spec, at) : null
    const everyone = shared?.everyone ? level(everyoneBucket, shared.everyone.spec, at) : null
    // Tokens are taken from every bucket or from none, so a refusal costs nothing.
    const allowed = drawAllowed(mine.tokens, network?.tokens ?? null, everyone?.tokens ?? null, shared)
    if (allowed) {
      mine.tokens -= 1
      if (network) network.tokens -= 1
      if (everyone) everyone.tokens = Math.max(0, everyone.tokens - 1)
    }
    buckets.set(key, mine)
    if (network) networks.set(shared!.network!.key, network)
    if (everyone) everyoneBucket = everyone
    return { allowed, mine: mine.tokens, network: network ? network.tokens : null, shared: everyone ? everyone.tokens : null }
  }
}

/** The in-memory limiter (one serving process; the cluster's primary): answers synchronously. */
export function createRateLimiter(config: Config, now: () => number = Date.now): { take(budget: Budget, callerKey: string): RateDecision | null } {
  const budgets = budgetsOf(config)
  const draw = memoryDraw(config, now)
  return {
    take(budget, callerKey) {
      const planned = budgets.plan(budget, callerKey)
      return planned ? budgets.decision(budget, draw(...planned)) : null
    },
  }
}

/** The network a caller key belongs to: an address's /24 or /48; a signed-in user (or no address) is its own. */
function networkOf(callerKey: string): string {
  return callerKey.startsWith('ip:') ? `net:${networkOfBlock(callerKey.slice(3))}` : callerKey
}

/**
 * Who a budget belongs to: the signed-in user (session and API keys of one user share it), else
 * the client address. Proxy headers count only with TRUST_PROXY, and then only the hop our own
 * proxy appended (the last X-Forwarded-For entry), since earlier entries are whatever the client sent.
 */
const MAX_ADDRESS_KEY = 64

export async function callerKey(ctx: AppContext, event: H3Event): Promise<string> {
  const caller = await requestCaller(ctx, event)
  if (caller) return `user:${caller.userId}`
  const address = clientAddressBlock(ctx.config, event)
  // An address block is short by construction (client-address.ts); the cap is a second guard on memory.
  return address ? `ip:${address.slice(0, MAX_ADDRESS_KEY)}` : 'anonymous'
}

/**
 * Draws one token per request from the route's budget and reports the bucket in X-RateLimit-*
 * on every response (errors included); over budget is a 429 with Retry-After. When the limiter
 * cannot run the request passes without the headers (unknown, not unlimited).
 */
export function rateLimitMiddleware(ctx: AppContext, budget: Budget): Middleware {
  return async (event, next) => {
    // A refused credential (e.g. a foreign-site cookie write) is the route's answer, not a limiter failure.
    const key = await callerKey(ctx, event)
    let decision: RateDecision | null = null
    try {
      decision = await ctx.rateLimiter.take(budget, key)
    } catch (error) {
      ctx.log.error('rate limiter failed; request let through', { budget, error: String(error) })
    }
    if (!decision) return next()
    const headers = {
      'X-RateLimit-Limit': String(decision.limit),
      'X-RateLimit-Remaining': String(decision.remaining),
      'X-RateLimit-Reset': String(decision.resetSeconds),
    }
    if (!decision.allowed) {
      const whose = decision.scope === 'everyone' ? ' across all callers' : decision.scope === 'network' ? ' from your network' : ''
      throw tooManyRequests(`rate limit exceeded: ${decision.limit} requests per ${decision.per}${whose}; retry in ${decision.retryAfterSeconds} s`, {
        ...headers,
        'Retry-After': String(decision.retryAfterSeconds),
      })
    }
    for (const [name, value] of Object.entries(headers)) setEdgeHeader(event, name, value)
    return next()
  }
}
