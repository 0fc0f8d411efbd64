import { LRUCache } from 'lru-cache'
import type { Config } from '../config.ts'
import { tooManyRequests } from '../errors.ts'

/**
 * Escalating delay after failed logins, per account and per client IP, in memory and bounded (LRU).
 * After the free attempts each further failure doubles the wait (1 s, 2 s, 4 s ... up to the maximum);
 * while a wait runs, attempts are answered 429 without checking the password. A success clears the
 * account's record. Records are forgotten a day after the last failure.
 */
interface FailureRecord {
  failures: number
  lastFailureAt: number
  blockedUntil: number
}

const FORGET_AFTER_MS = 24 * 60 * 60 * 1000
/** An IP speaks for many accounts (offices, NAT), so it gets more free attempts than one account. */
const IP_ALLOWANCE_FACTOR = 4

export interface LoginThrottle {
  /** Seconds to wait before another attempt is accepted, or 0. */
  retryAfterSeconds(email: string, ip: string, now: Date): number
  recordFailure(email: string, ip: string, now: Date): void
  recordSuccess(email: string): void
}

export function createLoginThrottle(config: Config): LoginThrottle {
  const records = new LRUCache<string, FailureRecord>({ max: config.loginThrottleEntries })
  const live = (key: string, now: number): FailureRecord | undefined => {
    const record = records.get(key)
    if (record && now - record.lastFailureAt > FORGET_AFTER_MS) {
      records.delete(key)
      return undefined
    }
    return record
  }
  const fail = (key: string, freeAttempts: number, now: number) => {
    const record = live(key, now) ?? { failures: 0, lastFailureAt: now, blockedUntil: 0 }
    record.failures += 1
    record.lastFailureAt = now
    const over = record.failures - freeAttempts
    if (over > 0) record.blockedUntil = now + Math.min(2 ** (over - 1), config.loginMaxDelaySeconds) * 1000
    records.set(key, record)
  }
  return {
    retryAfterSeconds(email, ip, now) {
      const t = now.getTime()
      const until = Math.max(live(`a:${email}`, t)?.blockedUntil ?? 0, live(`i:${ip}`, t)?.blockedUntil ?? 0)
      return until > t ? Math.ceil((until - t) / 1000) : 0
    },
    recordFailure(email, ip, now) {
      fail(`a:${email}`, config.loginFreeAttempts, now.getTime())
      fail(`i:${ip}`, config.loginFreeAttempts * IP_ALLOWANCE_FACTOR, now.getTime())
    },
    recordSuccess(email) {
      records.delete(`a:${email}`)
    },
  }
}

/** The 429 answered while a delay runs; `what` names what failed (e.g. "failed sign-in attempts"). */
export function throttledError(what: string, waitSeconds: number) {
  return tooManyRequests(`too many ${what}; retry in ${waitSeconds} second${waitSeconds === 1 ? '' : 's'}`, { 'retry-after': String(waitSeconds) })
}
