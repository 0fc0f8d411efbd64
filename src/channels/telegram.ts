import type { AppContext, TelegramBot } from '../context.ts'
import type { Notification } from './notifications.ts'
import { signToken, verifyToken } from './signed-token.ts'
import { linkChat, linkedChat, unlinkChatId } from './chat-links.ts'
import { linkOrigin } from './email.ts'
import { PermanentDeliveryError } from './errors.ts'

/**
 * The Telegram bot, over the Bot API (TELEGRAM_API_URL, so tests run a stand-in of the same HTTP
 * API). It learns links by long-polling getUpdates (no webhook: nothing has to reach this server)
 * and sends digests with sendMessage. The bot token is part of every API URL and is never logged.
 */
export class TelegramApiError extends Error {
  constructor(readonly status: number, description: string) {
    super(`telegram ${status}: ${description}`)
  }
}

export const LINK_MINUTES = 10

export function startTelegramBot(ctx: AppContext): TelegramBot | null {
  const token = ctx.config.telegramBotToken
  if (!token) return null
  const base = `${ctx.config.telegramApiUrl.replace(/\/+$/, '')}/bot${token}`
  const stopping = new AbortController()
  const call = async <T>(method: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<T> => {
    const response = await fetch(`${base}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
      signal: signal ?? AbortSignal.timeout(ctx.config.telegramTimeoutMs),
    })
    const answer = (await response.json().catch(() => ({}))) as { ok?: boolean; result?: T; description?: string; error_code?: number }
    if (!answer.ok) throw new TelegramApiError(answer.error_code ?? response.status, answer.description ?? 'no description')
    return answer.result as T
  }
  let name: Promise<string> | null = null
  const username = () => {
    name ??= call<{ username: string }>('getMe', {}).then((me) => me.username)
    name.catch(() => (name = null))
    return name
  }
  const loop = pollUpdates(ctx, call, stopping.signal)
  return {
    username,
    call,
    async stop() {
      stopping.abort()
      await loop
    },
  }
}

interface Update {
  update_id: number
  message?: { chat: { id: number }; text?: string }
}

/** Long-polls getUpdates, acknowledging each batch through `offset`, until stopped; failures wait and retry (doubling, up to a minute). */
async function pollUpdates(ctx: AppContext, call: TelegramBot['call'], signal: AbortSignal): Promise<void> {
  let offset = 0
  let pause = 1000
  while (!signal.aborted) {
    try {
      const timeout = ctx.config.telegramPollSeconds
      const wait = AbortSignal.any([signal, AbortSignal.timeout(timeout * 1000 + ctx.config.telegramTimeoutMs)])
      const updates = await call<Update[]>('getUpdates', { offset, timeout, allowed_updates: ['message'] }, wait)
      for (const update of updates) {
        offset = Math.max(offset, update.update_id + 1)
        await handleUpdate(ctx, call, update).catch((error) => ctx.log.error('telegram update failed', { error: String(error) }))
      }
      pause = 1000
    } catch (error) {
      if (signal.aborted) return
      ctx.log.error('telegram getUpdates failed', { error: error instanceof Error ? error.message : String(error) })
      await new Promise((resolve) => setTimeout(resolve, pause).unref())
      pause = Math.min(pause * 2, 60_000)
    }
  }
}

async function handleUpdate(ctx: AppContext, call: TelegramBot['call'], update: Update): Promise<void> {
  const message = update.message
  const start = message?.text?.match(/^\/start(?:@\w+)?\s+([A-Za-z0-9_-]+)\s*$/)
  if (!message || !start) return
  const claims = verifyToken(ctx.db, start[1]!, 'tg', Math.floor(ctx.now().getTime() / 1000))
  const chatId = String(message.chat.id)
  if (!claims) {
    await call('sendMessage', { chat_id: message.chat.id, text: 'This link is invalid or has expired. Ask openroles for a new one under notification settings.' })
    return
  }
  linkChat(ctx.db, claims.userId, 'telegram', chatId, ctx.now().toISOString())
  await call('sendMessage', { chat_id: message.chat.id, text: 'Linked: your openroles digests will arrive in this chat.' })
}

/** A short-lived `/start` link for the caller (LINK_MINUTES). */
export async function telegramLinkUrl(ctx: AppContext, bot: TelegramBot, userId: number): Promise<string> {
  const token = signToken(ctx.db, { purpose: 'tg', userId, expiresAt: Math.floor(ctx.now().getTime() / 1000) + LINK_MINUTES * 60 })
  return `https://t.me/${await bot.username()}?start=${token}`
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A digest as one HTML-formatted message: the title in bold, then one linked line per posting. */
export function telegramText(ctx: AppContext, notification: Notification): string {
  const origin = linkOrigin(ctx)
  const lines = notification.jobs.map((job) => `• <a href="${escapeHtml(`${origin}/jobs/${job.public_slug}`)}">${escapeHtml(job.title)}</a> at ${escapeHtml(job.company)}`)
  return [`<b>${escapeHtml(notification.title)}</b>`, escapeHtml(notification.body), '', ...lines].join('\n').slice(0, 4096)
}

export async function sendTelegramDigest(ctx: AppContext, userId: number, notification: Notification): Promise<void> {
  const bot = ctx.telegram
  if (!bot) throw new PermanentDeliveryError('telegram is not configured')
  const chatId = linkedChat(ctx.db, userId, 'telegram')
  if (!chatId) throw new PermanentDeliveryError('no telegram chat linked')
  try {
    await bot.call('sendMessage', { chat_id: Number(chatId), text: telegramText(ctx, notification), parse_mode: 'HTML', link_preview_options: { is_disabled: true } })
  } catch (error) {
    // 403: the user blocked the bot or left the chat; retrying cannot help, and the link is dead.
    if (error instanceof TelegramApiError && (error.status === 403 || error.status === 400)) {
      if (error.status === 403) unlinkChatId(ctx.db, 'telegram', chatId)
      throw new PermanentDeliveryError(error.message)
    }
    throw error
  }
}
