import { createServer } from 'node:http'
import { listenLocal } from '../helpers/net.ts'

/**
 * An in-process stand-in of the Discord REST API for direct messages: POST /users/@me/channels
 * `{ recipient_id }` opens (or returns) the DM channel, POST /channels/<id>/messages `{ content }`
 * sends into it. Requests without `Authorization: Bot <token>` get 401; unknown users 404 with
 * Discord's code 10013.
 */
export async function startFakeDiscord(botToken = 'test-discord-bot-token') {
  const messages: { recipient: string; content: string }[] = []
  const knownUsers = new Set<string>()
  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk) => (text += chunk))
    req.on('end', () => {
      const answer = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      if (req.headers.authorization !== `Bot ${botToken}`) return answer(401, { message: '401: Unauthorized', code: 0 })
      const body = text ? JSON.parse(text) : {}
      if (req.method === 'POST' && req.url === '/users/@me/channels') {
        if (!knownUsers.has(body.recipient_id)) return answer(404, { message: 'Unknown User', code: 10013 })
        return answer(200, { id: `dm-${body.recipient_id}`, type: 1, recipients: [{ id: body.recipient_id }] })
      }
      const match = /^\/channels\/dm-(\d+)\/messages$/.exec(req.url ?? '')
      if (req.method === 'POST' && match) {
        if (typeof body.content !== 'string' || body.content.length === 0 || body.content.length > 2000) return answer(400, { message: 'Invalid Form Body', code: 50035 })
        messages.push({ recipient: match[1]!, content: body.content })
        return answer(200, { id: String(messages.length), channel_id: `dm-${match[1]}`, content: body.content })
      }
      return answer(404, { message: '404: Not Found', code: 0 })
    })
  })
  const local = await listenLocal(server)
  return {
    botToken,
    url: local.url,
    messages,
    knownUsers,
    close: local.close,
  }
}
