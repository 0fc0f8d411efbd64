import { LRUCache } from 'lru-cache'
import type { H3Event, Middleware } from 'h3'
import type { Config } from '../config.ts'
import type { AppContext, Budget, RateDecision, RateLimiter } from '../context.ts'
import { tooManyRequests } from '../errors.ts'
import { setEdgeHeader } from './edge-headers.ts'
import { requestCaller } from './request-caller.ts'
import { clientAddressBlock } from './client-address.ts'

/**
 * Per-caller token buckets (docs/edge.md). `read` and `agent` hold RATE_BURST_PERCENT of their
 * per-minute amount and refill continuously at perMinute/60 s. `account` (sign-up and mail-sending
 * routes) is per hour and also draws on one bucket shared by every caller, so a botnet cannot sign
 * up or send mail faster than ACCOUNT_GLOBAL_PER_HOUR either. Buckets live in one LRU so a flood of
 * distinct callers evicts the least recent ones (who then start full) instead of exhausting memory.
 *
 * Where the buckets live is the store's part (a `draw`): this process's memory (one serving
 * process), the cluster's primary over IPC (src/cluster/rate-ipc.ts: several processes, one
 * machine) or Redis when REDIS_URL is set (rate-redis.ts: several machines). The budgets, the
 * shared account bucket and the decision reported are computed here for every store, so a budget
 * of 600/min is 600/min per caller however many processes serve.
 */
/** What a store answers: whether the token was taken, and the whole-bucket levels after it. */
export interface Drawn {
  allowed: boolean
  mine: number
  shared: number | null
}

/** One draw: a token from the caller's bucket `key` and, when given, from the shared bucket too (both or neither). */
export type Draw<R> = (key: string, own: BucketSpec, shared: { key: string; spec: BucketSpec } | null) => R

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
      const shared = budget === 'account' && everyone.limit > 0 ? { key: 'everyone', spec: everyone } : null
      return [`${budget}\u0000${callerKey}`, own, shared]
    },
    decision(budget: Budget, drawn: Drawn): RateDecision {
      if (!drawn.allowed && drawn.shared !== null && drawn.mine >= 1) return { ...decide(everyone, drawn.shared, false), everyone: true }
      return decide(specs[budget], drawn.mine, drawn.allowed)
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

  /** The bucket refilled up to now (not yet stored). */
  const level = (bucket: Bucket | undefined, s: BucketSpec, at: number): Bucket => {
    const from = bucket ?? { tokens: s.capacity, updatedAt: at }
    return { tokens: Math.min(s.capacity, from.tokens + Math.max(0, at - from.updatedAt) * s.perMs), updatedAt: at }
  }
  return (key, own, sharedBucket) => {
    const at = now()
    const mine = level(buckets.get(key), own, at)
    const shared = sharedBucket ? level(everyoneBucket, sharedBucket.spec, at) : null
    // A token is taken from both buckets or from neither, so a refusal costs nothing.
    const allowed = mine.tokens >= 1 && (!shared || shared.tokens >= 1)
    if (allowed) {
      mine.tokens -= 1
      if (shared) shared.tokens -= 1
    }
    buckets.set(key, mine)
    if (shared) everyoneBucket = shared
    return { allowed, mine: mine.tokens, shared: shared ? shared.tokens : null }
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
      const whose = decision.everyone ? ' across all callers' : ''
      throw tooManyRequests(`rate limit exceeded: ${decision.limit} requests per ${decision.per}${whose}; retry in ${decision.retryAfterSeconds} s`, {
        ...headers,
        'Retry-After': String(decision.retryAfterSeconds),
      })
    }
    for (const [name, value] of Object.entries(headers)) setEdgeHeader(event, name, value)
    return next()
  }
}
