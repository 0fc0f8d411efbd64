import type { AppContext } from '../context.ts'
import type { Channel } from './deliveries.ts'
import { pushDevices } from './push.ts'
import { findUserById } from '../account/users.ts'
import { linkedChat } from './chat-links.ts'
import { discordEnabled } from './discord.ts'
import { getWebhook } from '../webhooks/webhooks.ts'

/**
 * Whether a channel can reach a user at all right now: configured on this server and, for the chat
 * channels, linked; for push, a device registered. A digest is queued only on channels that reach,
 * so an unconfigured channel (the degraded answer) simply never delivers.
 */
export function channelReaches(ctx: AppContext, channel: Channel, userId: number): boolean {
  switch (channel) {
    case 'email':
      return findUserById(ctx.db, userId) !== null
    case 'push':
      return pushDevices(ctx, userId) > 0
    case 'telegram':
      return ctx.telegram !== null && linkedChat(ctx.db, userId, 'telegram') !== null
    case 'discord':
      return discordEnabled(ctx) && linkedChat(ctx.db, userId, 'discord') !== null
    case 'webhook':
      return getWebhook(ctx.db, userId)?.enabled === true
  }
}
