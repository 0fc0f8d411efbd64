import { createPublicKey, verify, type KeyObject } from 'node:crypto'
import type { AppContext } from '../context.ts'
import type { Notification } from './notifications.ts'
import { signToken, verifyToken } from './signed-token.ts'
import { linkChat, linkedChat, unlinkChatId } from './chat-links.ts'
import { linkOrigin } from './email.ts'
import { PermanentDeliveryError } from './errors.ts'

/**
 * The Discord bot: Discord posts the `/link` slash command to our interactions endpoint, signed
 * with the application's Ed25519 key (DISCORD_PUBLIC_KEY), which we verify before reading anything;
 * digests go out as direct messages over the REST API (DISCORD_API_URL, a stand-in in tests) with
 * the bot token. Registering the `/link` command (one option, `token`) is done once by the operator.
 */
export const DISCORD_LINK_MINUTES = 10

/** Discord needs the bot token (to send direct messages) and the application's public key (to verify interactions). */
export function discordEnabled(ctx: AppContext): boolean {
  return Boolean(ctx.config.discordBotToken && ctx.config.discordPublicKey)
}

export function discordLinkToken(ctx: AppContext, userId: number): string {
  return signToken(ctx.db, { purpose: 'dc', userId, expiresAt: Math.floor(ctx.now().getTime() / 1000) + DISCORD_LINK_MINUTES * 60 })
}

const keys = new Map<string, KeyObject>()
function publicKey(hex: string): KeyObject {
  let key = keys.get(hex)
  if (!key) {
    key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(hex, 'hex').toString('base64url') }, format: 'jwk' })
    keys.set(hex, key)
  }
  return key
}

/** Discord's rule: the Ed25519 signature covers the timestamp header followed by the raw body. */
export function interactionSignatureValid(ctx: AppContext, signatureHex: string, timestamp: string, rawBody: string): boolean {
  if (!/^[0-9a-f]{128}$/i.test(signatureHex) || !timestamp) return false
  try {
    return verify(null, Buffer.from(timestamp + rawBody), publicKey(ctx.config.discordPublicKey), Buffer.from(signatureHex, 'hex'))
  } catch {
    return false
  }
}

interface Interaction {
  type?: number
  data?: { name?: string; options?: { name: string; value: unknown }[] }
  member?: { user?: { id?: string } }
  user?: { id?: string }
}

const EPHEMERAL = 64

/** The interaction response: PONG to PING; for `/link`, links the invoking Discord user and says so (only to them). */
export function answerInteraction(ctx: AppContext, interaction: Interaction): Record<string, unknown> {
  if (interaction.type === 1) return { type: 1 }
  const reply = (content: string) => ({ type: 4, data: { content, flags: EPHEMERAL } })
  if (interaction.type !== 2 || interaction.data?.name !== 'link') return reply('Unknown command.')
  const discordUser = interaction.member?.user?.id ?? interaction.user?.id
  const token = interaction.data.options?.find((option) => option.name === 'token')?.value
  if (typeof discordUser !== 'string' || !/^\d{1,20}$/.test(discordUser) || typeof token !== 'string') return reply('Usage: /link token:<token from openroles>')
  const claims = verifyToken(ctx.db, token.trim(), 'dc', Math.floor(ctx.now().getTime() / 1000))
  if (!claims) return reply('This token is invalid or has expired. Ask openroles for a new one under notification settings.')
  linkChat(ctx.db, claims.userId, 'discord', discordUser, ctx.now().toISOString())
  return reply('Linked: your openroles digests will arrive as direct messages.')
}

class DiscordApiError extends Error {
  constructor(readonly status: number, readonly code: number | undefined, message: string) {
    super(`discord ${status}${code ? ` (${code})` : ''}: ${message}`)
  }
}

async function discordCall<T>(ctx: AppContext, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${ctx.config.discordApiUrl.replace(/\/+$/, '')}${path}`, {
    method: 'POST',
    headers: { authorization: `Bot ${ctx.config.discordBotToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(ctx.config.telegramTimeoutMs),
  })
  const answer = (await response.json().catch(() => ({}))) as T & { code?: number; message?: string }
  if (!response.ok) throw new DiscordApiError(response.status, answer.code, answer.message ?? 'no message')
  return answer
}

/** A digest as Markdown: the title in bold, then one masked link per posting (Discord's 2000-character cap). */
export function discordText(ctx: AppContext, notification: Notification): string {
  const origin = linkOrigin(ctx)
  const clean = (text: string) => text.replace(/[[\]()*_`~|>]/g, (c) => `\\${c}`)
  const lines = notification.jobs.map((job) => `• [${clean(job.title)}](${origin}/jobs/${job.public_slug}) at ${clean(job.company)}`)
  return [`**${clean(notification.title)}**`, clean(notification.body), '', ...lines].join('\n').slice(0, 2000)
}

export async function sendDiscordDigest(ctx: AppContext, userId: number, notification: Notification): Promise<void> {
  if (!discordEnabled(ctx)) throw new PermanentDeliveryError('discord is not configured')
  const discordUser = linkedChat(ctx.db, userId, 'discord')
  if (!discordUser) throw new PermanentDeliveryError('no discord account linked')
  try {
    const channel = await discordCall<{ id: string }>(ctx, '/users/@me/channels', { recipient_id: discordUser })
    await discordCall(ctx, `/channels/${channel.id}/messages`, { content: discordText(ctx, notification), allowed_mentions: { parse: [] } })
  } catch (error) {
    // 10013 unknown user: the link is dead. 50007 (403): the user does not accept DMs from the bot; retrying will not change that.
    if (error instanceof DiscordApiError && (error.status === 404 || error.status === 403 || error.status === 400)) {
      if (error.code === 10013) unlinkChatId(ctx.db, 'discord', discordUser)
      throw new PermanentDeliveryError(error.message)
    }
    throw error
  }
}
