import type { AppContext } from '../context.ts'
import { settleRollup, type SettleResult } from './rollup.ts'
import { serviceUnavailable } from '../errors.ts'

/**
 * The insights service inside the serving process: brings the rollup up to date before a read
 * (cheap when nothing changed), and runs the daily job, which rebuilds days changed by writers that
 * did not settle (another process's import settles itself) and moves the 30-day growth window
 * when the UTC date changes. The timer is unref'd so it never keeps a process alive.
 */
export function currentRollup(ctx: AppContext): SettleResult {
  // A first start's backfill runs beside serving (src/derived-prep.ts): a half-built history is not an answer.
  if (ctx.preparing.pending.has('insights')) throw serviceUnavailable('insights are being prepared after the first start (the catalogue history is counted once); try again in a minute')
  const result = settleRollup(ctx.db, ctx.now(), { salaryMinSample: ctx.config.insightsSalaryMinSample })
  if (result.days > 50) ctx.log.info('insights rollup updated', { ...result })
  return result
}

export interface RollupScheduler {
  stop(): void
}

export function startRollupScheduler(ctx: AppContext): RollupScheduler {
  const minutes = ctx.config.insightsRollupMinutes
  if (minutes <= 0) return { stop() {} }
  const timer = setInterval(() => {
    try {
      if (!ctx.preparing.pending.has('insights')) currentRollup(ctx)
    } catch (error) {
      ctx.log.error('insights rollup failed', { error: String(error) })
    }
  }, minutes * 60_000)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
