import { LRUCache } from 'lru-cache'
import type { Config } from '../config.ts'
import { tooManyRequests } from '../errors.ts'

/**
 * Escalating delay after failed logins, per account and per client IP, in memory and bounded (LRU).
 * After the free attempts each further failure doubles the wait (1 s, 2 s, 4 s ... up to the maximum);
 * while a wait runs, attempts are answered 429 without checking the password. An attempt is counted
 * as a failure *before* its (slow) password check and given back when it succeeds, so concurrent
 * guesses cannot all slip through while the first ones are still hashing. A successful login clears
 * the account's record. Records are forgotten a day after the last failure.
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
  /**
   * Seconds to wait before another attempt is accepted (nothing is counted), or 0: then this
   * attempt is counted as a failure for the account and the IP until `release` gives it back.
   */
  reserve(email: string, ip: string, now: Date): number
  /** The reserved attempt succeeded: it no longer counts. */
  release(email: string, ip: string): void
  /** A successful sign-in also forgets the account's earlier failures. */
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
  const giveBack = (key: string, freeAttempts: number) => {
    const record = records.get(key)
    if (!record) return
    record.failures = Math.max(0, record.failures - 1)
    if (record.failures <= freeAttempts) record.blockedUntil = 0
  }
  const ipAllowance = config.loginFreeAttempts * IP_ALLOWANCE_FACTOR
  return {
    reserve(email, ip, now) {
      const t = now.getTime()
      const until = Math.max(live(`a:${email}`, t)?.blockedUntil ?? 0, live(`i:${ip}`, t)?.blockedUntil ?? 0)
      if (until > t) return Math.ceil((until - t) / 1000)
      fail(`a:${email}`, config.loginFreeAttempts, t)
      fail(`i:${ip}`, ipAllowance, t)
      return 0
    },
    release(email, ip) {
      giveBack(`a:${email}`, config.loginFreeAttempts)
      giveBack(`i:${ip}`, ipAllowance)
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
