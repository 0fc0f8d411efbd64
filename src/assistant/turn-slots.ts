import { holderName } from '../db/lease.ts'
import { withoutWaiting, type DB } from '../db/connection.ts'
import { conflict } from '../errors.ts'
import type { Logger } from '../log.ts'

/**
 * Assistant turn slots kept in the database (assistant_turns), so that every serving process on the
 * file holds one running turn per session and one queued behind it, and a cancel sent to any of
 * them stops the turn wherever it runs. Each process names itself (`owner`) and marks its rows alive
 * every second; a row left unmarked for ten seconds belongs to a process that died (kill -9) and is
 * deleted by the next reservation, so it cannot block its session for ever. Liveness is measured on
 * the wall clock, never the context's clock, which a test may move.
 *
 * Within a process a cancel aborts at once and a finished turn wakes the one queued behind it at
 * once; across processes both are seen within POLL_MS.
 */
const ALIVE_EVERY_MS = 1000
const GONE_AFTER_MS = 10_000
const POLL_MS = 100

export interface TurnSlot {
  /** Taken behind another turn: call waitToRun before running. */
  queued: boolean
  /** Aborted when the turn is cancelled, from this process or another. */
  signal: AbortSignal
  /** Resolves true once the turns ahead have ended, false if cancelled or after maxMs. */
  waitToRun(maxMs: number): Promise<boolean>
  /** The turn ended (or never started): frees the slot. Never throws. */
  release(): void
}

export interface TurnSlots {
  /** Takes a slot in the session now: running when free, else queued; a third is 409. */
  take(sessionId: string): TurnSlot
  /** Stops the session's running and queued turn, wherever they run. */
  cancel(sessionId: string): void
  /** A clean shutdown: stops marking and deletes this process's rows. */
  close(): void
}

interface LocalTurn {
  sessionId: string
  control: AbortController
  /** Set while a queued turn sleeps; wakes it to look again. */
  wake?: () => void
}

export function createTurnSlots(db: DB, log: Logger): TurnSlots {
  const owner = holderName()
  const local = new Map<number, LocalTurn>()
  let ticker: NodeJS.Timeout | undefined
  let markedAt = 0

  const stopTicking = () => {
    clearInterval(ticker)
    ticker = undefined
  }
  /** Deletes the rows this process gives up; one left behind stops counting once it is GONE_AFTER_MS old. */
  const free = (column: 'id' | 'owner', value: number | string) => {
    try {
      // A replica (read-only file) never holds a turn: its writes go to the primary.
      if (db.open && !db.readonly) db.prepare(`DELETE FROM assistant_turns WHERE ${column} = ?`).run(value)
    } catch (error) {
      log.error('could not free assistant turns', { error: String(error) })
    }
  }
  /** Deletes the session's rows of processes that died; returns the time below which a mark is dead. */
  const forgetDead = (sessionId: string) => {
    const gone = Date.now() - GONE_AFTER_MS
    db.prepare('DELETE FROM assistant_turns WHERE session_id = ? AND alive_at <= ?').run(sessionId, gone)
    return gone
  }
  const wakeSession = (sessionId: string) => {
    for (const turn of local.values()) if (turn.sessionId === sessionId) turn.wake?.()
  }

  /** Marks this process's rows alive (skipped while another writer holds the lock), then stops what was cancelled elsewhere. */
  const tick = () => {
    if (!db.open) return stopTicking()
    try {
      const now = Date.now()
      if (now - markedAt >= ALIVE_EVERY_MS && withoutWaiting(db, () => db.prepare('UPDATE assistant_turns SET alive_at = ? WHERE owner = ?').run(now, owner))) markedAt = now
      const rows = db.prepare('SELECT id, cancel FROM assistant_turns WHERE owner = ?').all(owner) as { id: number; cancel: number }[]
      const cancelled = new Map(rows.map((row) => [row.id, row.cancel === 1]))
      for (const [id, turn] of local) {
        // A missing row: its session was deleted, or this process was taken for dead.
        if (cancelled.get(id) !== false) turn.control.abort()
      }
    } catch (error) {
      log.error('could not look after the assistant turns', { error: String(error) })
    }
  }

  /** Runs a queued turn once no live turn is ahead of it; false to keep waiting (the lock was busy, a turn is ahead, or it was cancelled). */
  const promote = (id: number, sessionId: string): boolean => {
    const ahead = db.prepare("SELECT count(*) FROM assistant_turns WHERE session_id = ? AND (state = 'running' OR id < ?) AND alive_at > ?").pluck()
    if (ahead.get(sessionId, id, Date.now() - GONE_AFTER_MS)) return false
    const promoted = db.transaction(() => {
      if (ahead.get(sessionId, id, forgetDead(sessionId))) return false
      return db.prepare("UPDATE assistant_turns SET state = 'running' WHERE id = ? AND cancel = 0").run(id).changes > 0
    })
    return withoutWaiting(db, () => promoted.immediate()) ?? false
  }

  return {
    take(sessionId) {
      const now = Date.now()
      const { id, queued } = db.transaction(() => {
        forgetDead(sessionId)
        const live = db.prepare('SELECT count(*) FROM assistant_turns WHERE session_id = ?').pluck().get(sessionId) as number
        if (live >= 2) throw conflict('this session already has a message waiting')
        const state = live === 0 ? 'running' : 'queued'
        const row = db.prepare('INSERT INTO assistant_turns (session_id, state, owner, alive_at) VALUES (?, ?, ?, ?)').run(sessionId, state, owner, now)
        return { id: Number(row.lastInsertRowid), queued: live > 0 }
      }).immediate()
      const turn: LocalTurn = { sessionId, control: new AbortController() }
      local.set(id, turn)
      if (!ticker) {
        markedAt = now
        ticker = setInterval(tick, POLL_MS)
        // The turn's own work and stream keep the process alive, not this.
        ticker.unref()
      }
      return {
        queued,
        signal: turn.control.signal,
        async waitToRun(maxMs) {
          const deadline = Date.now() + maxMs
          while (!turn.control.signal.aborted && Date.now() < deadline) {
            if (promote(id, sessionId)) return true
            await new Promise<void>((resolve) => {
              turn.wake = resolve
              setTimeout(resolve, Math.min(deadline - Date.now(), POLL_MS))
            })
          }
          return false
        },
        release() {
          if (!local.delete(id)) return
          if (!local.size) stopTicking()
          free('id', id)
          wakeSession(sessionId)
        },
      }
    },
    cancel(sessionId) {
      for (const turn of local.values()) if (turn.sessionId === sessionId) turn.control.abort()
      wakeSession(sessionId)
      db.prepare('UPDATE assistant_turns SET cancel = 1 WHERE session_id = ?').run(sessionId)
    },
    close() {
      stopTicking()
      free('owner', owner)
    },
  }
}
