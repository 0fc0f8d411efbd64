import type { AppContext } from '../context.ts'
import type { PushMessage } from './push-gateway.ts'
import { sendPush } from './push-gateway.ts'
import { listPushTokens } from './push-tokens.ts'
import { listWebPushSubscriptions, sendWebPush } from './web-push.ts'

/**
 * The push channel: every device of a user, browsers through Web Push (always available: the
 * VAPID keys are made when absent) and phones through the configured gateway (PUSH_GATEWAY_URL).
 * Gone devices are pruned on the way (404/410 from the provider).
 */
export interface PushOutcome {
  /** Devices the message was handed to. */
  sent: number
  /** Devices that could be addressed at all (before pruning). */
  devices: number
  /** Whether some device failed in a way worth retrying. */
  retryable: boolean
}

export function pushDevices(ctx: AppContext, userId: number): number {
  const phones = ctx.config.pushGatewayUrl ? listPushTokens(ctx.db, userId).length : 0
  return phones + listWebPushSubscriptions(ctx.db, userId).length
}

export async function deliverPush(ctx: AppContext, userId: number, message: PushMessage): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, devices: pushDevices(ctx, userId), retryable: false }
  const browsers = await sendWebPush(ctx, userId, message)
  outcome.sent += browsers.sent
  outcome.retryable ||= browsers.failed > 0
  if (ctx.config.pushGatewayUrl && listPushTokens(ctx.db, userId).length > 0) {
    try {
      outcome.sent += await sendPush(ctx, userId, message)
    } catch (error) {
      ctx.log.error('push gateway failed', { error: error instanceof Error ? error.message : String(error) })
      outcome.retryable = true
    }
  }
  return outcome
}
