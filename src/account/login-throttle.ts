import type { Config } from '../config.ts'
import type { DB } from '../db/connection.ts'
import type { LoginThrottle } from '../context.ts'
import { tooManyRequests } from '../errors.ts'
import { hashSecret } from './tokens.ts'

/**
 * Escalating delay after failed logins, per account and per client IP, kept in the database
 * (login_failures) so that every serving process on the file counts the same attempts. After the
 * free attempts each further failure doubles the wait (1 s, 2 s, 4 s ... up to the maximum); while a
 * wait runs, attempts are answered 429 without checking the password. An attempt is counted as a
 * failure *before* its (slow) password check, for the account and the IP in one write transaction,
 * and given back when it succeeds, so concurrent guesses cannot all slip through while the first
 * ones are still hashing, whichever process takes them. A successful login clears the account's
 * record. Records are forgotten a day after the last failure, and at most LOGIN_THROTTLE_ENTRIES
 * are kept (the oldest go first).
 */
interface FailureRecord {
  failures: number
  retry_at: number
}

const FORGET_AFTER_MS = 24 * 60 * 60 * 1000
/** An IP speaks for many accounts (offices, NAT), so it gets more free attempts than one account. */
const IP_ALLOWANCE_FACTOR = 4
/** Pruning counts the table, so it runs once per this share of the cap in new attempts, not on each. */
const PRUNE_SHARE = 0.01

/** The row's key: a hash, so the table keeps no email address or IP in the clear. */
const keyOf = (kind: 'a' | 'i', value: string) => hashSecret(`${kind}:${value}`)

export function createLoginThrottle(config: Config, db: DB): LoginThrottle {
  const ipAllowance = config.loginFreeAttempts * IP_ALLOWANCE_FACTOR
  const pruneEvery = Math.max(1, Math.floor(config.loginThrottleEntries * PRUNE_SHARE))
  let sincePrune = 0

  const live = (key: Uint8Array, now: number) =>
    db.prepare('SELECT failures, retry_at FROM login_failures WHERE key_hash = ? AND last_failure_at >= ?').get(key, now - FORGET_AFTER_MS) as FailureRecord | undefined
  const fail = (key: Uint8Array, record: FailureRecord | undefined, freeAttempts: number, now: number) => {
    const failures = (record?.failures ?? 0) + 1
    const over = failures - freeAttempts
    const retryAt = over > 0 ? now + Math.min(2 ** (over - 1), config.loginMaxDelaySeconds) * 1000 : (record?.retry_at ?? 0)
    db.prepare(
      `INSERT INTO login_failures (key_hash, failures, last_failure_at, retry_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (key_hash) DO UPDATE SET failures = excluded.failures, last_failure_at = excluded.last_failure_at, retry_at = excluded.retry_at`,
    ).run(key, failures, now, retryAt)
  }
  const giveBack = (key: Uint8Array, freeAttempts: number) => {
    // SET reads the old failures on both sides.
    db.prepare('UPDATE login_failures SET failures = max(0, failures - 1), retry_at = CASE WHEN failures - 1 <= ? THEN 0 ELSE retry_at END WHERE key_hash = ?').run(freeAttempts, key)
  }
  /** Forgets records a day old, then the oldest beyond the cap. */
  const prune = (now: number) => {
    db.prepare('DELETE FROM login_failures WHERE last_failure_at < ?').run(now - FORGET_AFTER_MS)
    db.prepare('DELETE FROM login_failures WHERE rowid IN (SELECT rowid FROM login_failures ORDER BY last_failure_at, rowid LIMIT max(0, (SELECT count(*) FROM login_failures) - ?))').run(config.loginThrottleEntries)
  }

  // Immediate: the read and the counting write hold the write lock together, so two processes
  // cannot both read the same count and both let their attempt through.
  const reserve = db.transaction((email: string, ip: string, now: number): number => {
    const account = keyOf('a', email)
    const address = keyOf('i', ip)
    const accountRecord = live(account, now)
    const addressRecord = live(address, now)
    const until = Math.max(accountRecord?.retry_at ?? 0, addressRecord?.retry_at ?? 0)
    if (until > now) return Math.ceil((until - now) / 1000)
    fail(account, accountRecord, config.loginFreeAttempts, now)
    fail(address, addressRecord, ipAllowance, now)
    if (++sincePrune >= pruneEvery) {
      sincePrune = 0
      prune(now)
    }
    return 0
  })
  const release = db.transaction((email: string, ip: string) => {
    giveBack(keyOf('a', email), config.loginFreeAttempts)
    giveBack(keyOf('i', ip), ipAllowance)
  })
  return {
    reserve: (email, ip, now) => reserve.immediate(email, ip, now.getTime()),
    release: (email, ip) => release(email, ip),
    recordSuccess(email) {
      db.prepare('DELETE FROM login_failures WHERE key_hash = ?').run(keyOf('a', email))
    },
  }
}

/** The 429 answered while a delay runs; `what` names what failed (e.g. "failed sign-in attempts"). */
export function throttledError(what: string, waitSeconds: number) {
  return tooManyRequests(`too many ${what}; retry in ${waitSeconds} second${waitSeconds === 1 ? '' : 's'}`, { 'retry-after': String(waitSeconds) })
}
