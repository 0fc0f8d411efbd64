import type { AppContext } from '../context.ts'
import { signToken } from './signed-token.ts'
import { LINK_MINUTES } from './telegram.ts'

/** Discord needs the bot token (to send direct messages) and the application's public key (to verify interactions). */
export function discordEnabled(ctx: AppContext): boolean {
  return Boolean(ctx.config.discordBotToken && ctx.config.discordPublicKey)
}

export function discordLinkToken(ctx: AppContext, userId: number): string {
  return signToken(ctx.db, { purpose: 'dc', userId, expiresAt: Math.floor(ctx.now().getTime() / 1000) + LINK_MINUTES * 60 })
}
