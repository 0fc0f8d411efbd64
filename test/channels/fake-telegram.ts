import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenLocal } from '../helpers/net.ts'

/**
 * An in-process stand-in of the Telegram Bot API (the methods openroles uses): POST
 * /bot<token>/<method> with a JSON body, answers `{ ok, result }` or `{ ok:false, error_code,
 * description }`. getUpdates long-polls: it holds the request until an update at or after
 * `offset` exists or `timeout` seconds pass, and updates before `offset` are forgotten, as
 * Telegram confirms them.
 */
export async function startFakeTelegram(token = '123456:TEST-token') {
  let updates: any[] = []
  let nextUpdateId = 1
  const sent: any[] = []
  const offsets: number[] = []
  const blockedChats = new Set<number>()
  let waiting: (() => void)[] = []
  const answer = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))

  const handle = async (req: IncomingMessage, res: ServerResponse, params: any) => {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '')
    if (!match || match[1] !== token) return answer(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' })
    const method = match[2]
    if (method === 'getMe') return answer(res, 200, { ok: true, result: { id: 123456, is_bot: true, first_name: 'openroles', username: 'openroles_test_bot' } })
    if (method === 'getUpdates') {
      const offset = Number(params.offset ?? 0)
      offsets.push(offset)
      updates = updates.filter((update) => update.update_id >= offset)
      if (updates.length === 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Number(params.timeout ?? 0) * 1000)
          waiting.push(() => (clearTimeout(timer), resolve()))
          req.on('close', () => (clearTimeout(timer), resolve()))
        })
      }
      return answer(res, 200, { ok: true, result: updates.filter((update) => update.update_id >= offset) })
    }
    if (method === 'sendMessage') {
      if (typeof params.chat_id !== 'number' || typeof params.text !== 'string' || params.text.length === 0) {
        return answer(res, 400, { ok: false, error_code: 400, description: 'Bad Request: chat_id and text are required' })
      }
      if (blockedChats.has(params.chat_id)) return answer(res, 403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' })
      sent.push(params)
      return answer(res, 200, { ok: true, result: { message_id: sent.length, chat: { id: params.chat_id }, text: params.text } })
    }
    return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' })
  }

  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk) => (text += chunk))
    req.on('end', () => void handle(req, res, text ? JSON.parse(text) : {}))
  })
  const local = await listenLocal(server)
  return {
    token,
    url: local.url,
    sent,
    offsets,
    blockedChats,
    /** A private-chat message from a user, as the bot would receive it. */
    userWrites(chatId: number, text: string) {
      updates.push({ update_id: nextUpdateId++, message: { message_id: nextUpdateId, date: 0, chat: { id: chatId, type: 'private' }, from: { id: chatId, is_bot: false, first_name: 'Alice' }, text } })
      const wake = waiting
      waiting = []
      wake.forEach((resolve) => resolve())
    },
    close: local.close,
  }
}
