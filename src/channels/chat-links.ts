import type { DB } from '../db/connection.ts'

/** Which chat a user's digests go to on a bot channel: a Telegram chat id or a Discord user id (kept as text: both exceed 2^53 in principle). */
export type ChatService = 'telegram' | 'discord'

export function linkChat(db: DB, userId: number, service: ChatService, chatId: string, now: string): void {
  db.prepare(
    `INSERT INTO chat_links (user_id, service, chat_id, linked_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, service) DO UPDATE SET chat_id = excluded.chat_id, linked_at = excluded.linked_at`,
  ).run(userId, service, chatId, now)
}

export function linkedChat(db: DB, userId: number, service: ChatService): string | null {
  const row = db.prepare('SELECT chat_id FROM chat_links WHERE user_id = ? AND service = ?').get(userId, service) as { chat_id: string } | undefined
  return row?.chat_id ?? null
}

/** Idempotent: unlinking what is not linked changes nothing. */
export function unlinkChat(db: DB, userId: number, service: ChatService): void {
  db.prepare('DELETE FROM chat_links WHERE user_id = ? AND service = ?').run(userId, service)
}

/** When the chat itself is gone (the user blocked the bot): every account linked to it lets go. */
export function unlinkChatId(db: DB, service: ChatService, chatId: string): void {
  db.prepare('DELETE FROM chat_links WHERE service = ? AND chat_id = ?').run(service, chatId)
}
