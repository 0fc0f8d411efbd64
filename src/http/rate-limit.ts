import { LRUCache } from 'lru-cache'
import type { H3Event, Middleware } from 'h3'
import type { Config } from '../config.ts'
import type { AppContext } from '../context.ts'
import { tooManyRequests } from '../errors.ts'
import { setEdgeHeader } from './edge-headers.ts'
import { requestCaller } from './request-caller.ts'
import { clientAddressBlock } from './client-address.ts'

/**
 * Per-caller token buckets (docs/edge.md): each budget holds `perMinute` tokens and refills
 * continuously at perMinute/60 s. Buckets live in one LRU so a flood of distinct callers evicts the
 * least recent ones (who then start full) instead of exhausting memory.
 */
export type Budget = 'read' | 'agent'

export interface RateDecision {
  allowed: boolean
  limit: number
  /** Whole tokens left after this request. */
  remaining: number
  /** Whole seconds until the bucket is full again. */
  resetSeconds: number
  /** Whole seconds until the next token (only meaningful when refused). */
  retryAfterSeconds: number
}

export interface RateLimiter {
  /** Takes one token from the caller's bucket; null when the budget is switched off (0). */
  take(budget: Budget, callerKey: string): RateDecision | null
}

interface Bucket {
  tokens: number
  updatedAt: number
}

export function createRateLimiter(config: Config, now: () => number = Date.now): RateLimiter {
  const perMinute: Record<Budget, number> = { read: config.readBudgetPerMinute, agent: config.agentBudgetPerMinute }
  const buckets = new LRUCache<string, Bucket>({ max: Math.max(1, config.rateLimitCallers) })
  return {
    take(budget, callerKey) {
      const limit = perMinute[budget]
      if (!(limit > 0)) return null
      const perMs = limit / 60_000
      const at = now()
      const key = `${budget}\u0000${callerKey}`
      const bucket = buckets.get(key) ?? { tokens: limit, updatedAt: at }
      bucket.tokens = Math.min(limit, bucket.tokens + Math.max(0, at - bucket.updatedAt) * perMs)
      bucket.updatedAt = at
      const allowed = bucket.tokens >= 1
      if (allowed) bucket.tokens -= 1
      buckets.set(key, bucket)
      return {
        allowed,
        limit,
        remaining: Math.floor(bucket.tokens),
        resetSeconds: Math.ceil((limit - bucket.tokens) / perMs / 1000),
        retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)),
      }
    },
  }
}

/**
 * Who a budget belongs to: the signed-in user (session and API keys of one user share it), else
 * the client address. Proxy headers count only with TRUST_PROXY, and then only the hop our own
 * proxy appended (the last X-Forwarded-For entry), since earlier entries are whatever the client sent.
 */
export async function callerKey(ctx: AppContext, event: H3Event): Promise<string> {
  const caller = await requestCaller(ctx, event)
  if (caller) return `user:${caller.userId}`
  const address = clientAddressBlock(ctx.config, event)
  return address ? `ip:${address}` : 'anonymous'
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
      decision = ctx.rateLimiter.take(budget, key)
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
      throw tooManyRequests(`rate limit exceeded: ${decision.limit} requests per minute; retry in ${decision.retryAfterSeconds} s`, {
        ...headers,
        'Retry-After': String(decision.retryAfterSeconds),
      })
    }
    for (const [name, value] of Object.entries(headers)) setEdgeHeader(event, name, value)
    return next()
  }
}
