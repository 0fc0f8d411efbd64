import type { AppContext } from '../context.ts'
import { runDigests } from './digests.ts'

export interface DigestScheduler {
  stop(): void
}

/**
 * Runs the digests every config.digestIntervalMinutes inside the serving process (0 = off). The
 * timer is unref'd so it never keeps a process (or a test run) alive, and a run still in progress
 * makes the next tick skip rather than overlap.
 */
export function startDigestScheduler(ctx: AppContext): DigestScheduler {
  const minutes = ctx.config.digestIntervalMinutes
  if (minutes <= 0) return { stop() {} }
  let running = false
  const tick = async () => {
    if (running) return
    running = true
    try {
      const summary = await runDigests(ctx)
      if (summary.notifications > 0) ctx.log.info('digests sent', { ...summary })
    } catch (error) {
      ctx.log.error('digest run failed', { error: String(error) })
    } finally {
      running = false
    }
  }
  const timer = setInterval(() => void tick(), minutes * 60_000)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
