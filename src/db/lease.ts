/**
 * Named leases in the database (the `leases` table): how several serving processes on one file
 * agree that exactly one of them runs the schedulers. The same discipline as the board crawler's
 * per-source claim (src/sources/board-store.ts): a claim is a stamp in the row, renewed while the
 * work goes on, and a stamp past its time (the holder died) may be taken by anyone. A holder is
 * named per process and per context, so two apps in one test process are two holders.
 */
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { withoutWaiting, type DB } from './connection.ts'
import type { Logger } from '../log.ts'

/** A holder name: host, process id (what an operator looks for), and a random part. */
export function holderName(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
}

/** Takes or renews the lease `name` until nowMs + ttlMs; false while another holder's lease runs. */
export function takeLease(db: DB, name: string, holder: string, nowMs: number, ttlMs: number): boolean {
  return (
    db
      .prepare(
        `INSERT INTO leases (name, holder, expires_at) VALUES (@name, @holder, @expires)
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
         WHERE leases.holder = excluded.holder OR leases.expires_at <= @now`,
      )
      .run({ name, holder, expires: nowMs + ttlMs, now: nowMs }).changes > 0
  )
}

/**
 * takeLease for a holder that renews often from the serving thread: a database whose write lock is
 * taken answers false at once (try again on the next tick) instead of stalling the thread for the
 * busy timeout.
 */
export function tryLease(db: DB, name: string, holder: string, ttlMs: number): boolean {
  return withoutWaiting(db, () => takeLease(db, name, holder, Date.now(), ttlMs)) ?? false
}

/** releaseLease without waiting: with the write lock taken, the lease is left to run out. */
export function dropLease(db: DB, name: string, holder: string): void {
  if (db.open) withoutWaiting(db, () => releaseLease(db, name, holder))
}

/** Gives the lease up at once (a clean shutdown), so another process need not wait for it to run out. */
export function releaseLease(db: DB, name: string, holder: string): void {
  db.prepare('DELETE FROM leases WHERE name = ? AND holder = ?').run(name, holder)
}

export interface Leadership {
  isLeader(): boolean
  /** Stops the work if running and releases the lease. */
  stop(): Promise<void>
}

/**
 * Runs `start()`'s work only while this context holds the lease `name`: tries at once (so a single
 * process starts its schedulers as before), then renews or retries every third of the lease. On
 * losing the lease (renewal refused) the work is stopped. A renewal that fails for a busy database
 * keeps the work running and retries: the lease is three renewals long.
 */
export function startLeadership(db: DB, options: { name: string; leaseSeconds: number; log: Logger }, start: () => { stop(): Promise<void> }): Leadership {
  const holder = holderName()
  const ttlMs = Math.max(1, options.leaseSeconds) * 1000
  let running: { stop(): Promise<void> } | undefined
  let stopping: Promise<void> | undefined
  const tick = () => {
    if (stopping) return
    let held: boolean
    try {
      held = takeLease(db, options.name, holder, Date.now(), ttlMs)
    } catch (error) {
      options.log.error('could not renew the lease', { lease: options.name, error: String(error) })
      return
    }
    if (held && !running) {
      options.log.info('took the lease: running the schedulers here', { lease: options.name, holder })
      running = start()
    } else if (!held && running) {
      options.log.info('lost the lease: stopping the schedulers here', { lease: options.name, holder })
      const work = running
      running = undefined
      void work.stop()
    }
  }
  tick()
  const timer = setInterval(tick, ttlMs / 3)
  timer.unref()
  return {
    isLeader: () => running !== undefined,
    stop() {
      stopping ??= (async () => {
        clearInterval(timer)
        await running?.stop()
        running = undefined
        try {
          if (db.open) releaseLease(db, options.name, holder)
        } catch (error) {
          // A database busy past the wait: the lease runs out by itself within leaseSeconds.
          options.log.error('could not release the lease', { lease: options.name, error: String(error) })
        }
      })()
      return stopping
    },
  }
}
