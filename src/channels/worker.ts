import type { AppContext, DeliveryWorker } from '../context.ts'
import { claimDueDelivery, markAttemptFailed, markDelivered, releaseAbandonedClaims } from './deliveries.ts'
import { PermanentDeliveryError, sendDelivery } from './senders.ts'

/**
 * The delivery worker of the serving process: every DELIVERY_POLL_SECONDS (and whenever `drain`
 * is called, e.g. right after a digest run) it sends every due row of the outbox, one at a time.
 * Starting it first releases claims a dead process left behind, so they are tried again once.
 * Claims are single SQLite statements, so a timer pass and a `drain` never take the same row.
 */
export function startDeliveryWorker(ctx: AppContext): DeliveryWorker {
  const released = releaseAbandonedClaims(ctx.db)
  if (released) ctx.log.info('delivery claims of an earlier process released for retry', { deliveries: released })
  let stopped = false
  const drain = async () => {
    let attempted = 0
    while (!stopped) {
      const delivery = claimDueDelivery(ctx.db, ctx.now().toISOString())
      if (!delivery) break
      attempted++
      try {
        await sendDelivery(ctx, delivery)
        markDelivered(ctx.db, delivery.id, ctx.now().toISOString())
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        markAttemptFailed(ctx.db, delivery, message, {
          now: ctx.now(),
          maxAttempts: ctx.config.deliveryMaxAttempts,
          backoffSeconds: ctx.config.deliveryBackoffSeconds,
          permanent: error instanceof PermanentDeliveryError,
        })
        ctx.log.error('delivery attempt failed', { delivery: delivery.id, channel: delivery.channel, attempt: delivery.attempts, error: message })
      }
    }
    return attempted
  }
  let running: Promise<number> | null = null
  const tick = () => {
    if (running) return
    // A pass that cannot reach the database (locked past the busy timeout) is retried by the next tick, not a crash.
    running = drain()
      .catch((error: unknown) => {
        ctx.log.error('delivery pass failed', { error: error instanceof Error ? error.message : String(error) })
        return 0
      })
      .finally(() => (running = null))
  }
  const seconds = ctx.config.deliveryPollSeconds
  const timer = seconds > 0 ? setInterval(tick, seconds * 1000) : null
  timer?.unref()
  return {
    drain,
    stop() {
      stopped = true
      if (timer) clearInterval(timer)
    },
  }
}
