import type { AppContext } from '../../context.ts'
import { dataOf, object } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'
import { serviceUnavailable } from '../../errors.ts'
import { linkedChat, unlinkChat } from '../../channels/chat-links.ts'
import { LINK_MINUTES, telegramLinkUrl } from '../../channels/telegram.ts'
import { DISCORD_LINK_MINUTES, discordEnabled, discordLinkToken } from '../../channels/discord.ts'

const op = operations({ tags: ['notifications'], auth: 'session' })

/**
 * Linking the chat channels (Telegram, Discord) to the caller's account. `enabled` says whether
 * this server runs that bot; unconfigured, the status reads enabled:false, linked:false and the
 * link calls answer 503, while subscriptions on that channel simply never leave the app.
 */
export function meChatLinkRoutes(ctx: AppContext): Route[] {
  return [
    op.get('/me/telegram', 'Telegram link status', {
      description: '`{ enabled, linked, chat_id? }`: `enabled` = this server runs a Telegram bot; `chat_id` is the linked chat.',
      responses: { 200: { description: '`{ data: { enabled, linked, chat_id? } }`', schema: dataOf(object({ enabled: { type: 'boolean' }, linked: { type: 'boolean' }, chat_id: { type: 'integer', description: 'the linked Telegram chat; absent when none' } }, ['enabled', 'linked'])) } },
    }, (_event, { caller }) => {
      const chat = ctx.telegram ? linkedChat(ctx.db, caller.userId, 'telegram') : null
      return { data: { enabled: ctx.telegram !== null, linked: chat !== null, ...(chat !== null ? { chat_id: Number(chat) } : {}) } }
    }),
    op.post('/me/telegram/link', 'Start linking a Telegram chat', {
      description: `\`{ url }\`: a \`https://t.me/<bot>?start=<token>\` link valid ${LINK_MINUTES} minutes. Opening it and pressing Start sends the bot \`/start <token>\`, which links that chat; digests on the telegram channel then arrive there.`,
      responses: { 200: { description: '`{ data: { url } }`', schema: dataOf(object({ url: { type: 'string', format: 'uri', description: 'https://t.me/<bot>?start=<token>' } })) }, 503: 'telegram notifications are not configured (or the Bot API cannot be reached)' },
    }, async (_event, { caller }) => {
      if (!ctx.telegram) throw serviceUnavailable('telegram notifications are not configured')
      try {
        return { data: { url: await telegramLinkUrl(ctx, ctx.telegram, caller.userId) } }
      } catch (error) {
        ctx.log.error('telegram getMe failed', { error: error instanceof Error ? error.message : String(error) })
        throw serviceUnavailable('the Telegram Bot API cannot be reached; try again later')
      }
    }),
    op.delete('/me/telegram', 'Unlink Telegram', {
      description: 'Idempotent. 204.',
      responses: { 204: 'unlinked' },
    }, (_event, { caller }) => {
      unlinkChat(ctx.db, caller.userId, 'telegram')
    }),
    op.get('/me/discord', 'Discord link status', {
      description: '`{ enabled, linked, discord_id? }`: `enabled` = this server runs a Discord bot; `discord_id` is the linked Discord user, as a string (Discord ids are 64-bit).',
      responses: { 200: { description: '`{ data: { enabled, linked, discord_id? } }`', schema: dataOf(object({ enabled: { type: 'boolean' }, linked: { type: 'boolean' }, discord_id: { type: 'string', description: 'the linked Discord user id (64-bit, as text); absent when none' } }, ['enabled', 'linked'])) } },
    }, (_event, { caller }) => {
      const enabled = discordEnabled(ctx)
      const id = enabled ? linkedChat(ctx.db, caller.userId, 'discord') : null
      return { data: { enabled, linked: id !== null, ...(id !== null ? { discord_id: id } : {}) } }
    }),
    op.post('/me/discord/link', 'Start linking Discord', {
      description: `\`{ token, instructions }\`: run the bot's \`/link\` slash command with the token (valid ${DISCORD_LINK_MINUTES} minutes); digests on the discord channel then arrive as direct messages.`,
      responses: { 200: { description: '`{ data: { token, instructions } }`', schema: dataOf(object({ token: { type: 'string' }, instructions: { type: 'string' } })) }, 503: 'discord bot is not configured' },
    }, (_event, { caller }) => {
      if (!discordEnabled(ctx)) throw serviceUnavailable('discord bot is not configured')
      const token = discordLinkToken(ctx, caller.userId)
      return { data: { token, instructions: `In the Discord server, run /link token:${token}` } }
    }),
    op.delete('/me/discord', 'Unlink Discord', {
      description: 'Idempotent. 204.',
      responses: { 204: 'unlinked' },
    }, (_event, { caller }) => {
      unlinkChat(ctx.db, caller.userId, 'discord')
    }),
  ]
}
