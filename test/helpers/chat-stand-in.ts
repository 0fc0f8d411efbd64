import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * An in-process stand-in for an OpenAI-compatible chat-completions server: POST /v1/chat/completions
 * with `stream: true` answers `data: {chunk}` lines and `data: [DONE]`, as the real protocol does.
 * Each request is answered by the next scripted reply: text (sent in pieces), tool calls (arguments
 * split across chunks), an HTTP error, or a hold that waits until `release()`.
 */
export type Reply = { text: string } | { toolCalls: { name: string; arguments: Record<string, unknown> }[] } | { status: number } | { hold: true; text: string }

export async function chatStandIn(script: Reply[]) {
  const requests: { headers: IncomingMessage['headers']; body: any }[] = []
  const held: (() => void)[] = []
  let releaseAll = false
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    const body = JSON.parse(raw)
    requests.push({ headers: req.headers, body })
    const reply = script.shift() ?? { text: 'ok' }
    if (req.url !== '/v1/chat/completions' || !body.stream) {
      res.writeHead(400).end('{"error":"expected a streamed chat completion"}')
      return
    }
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end('{"error":{"message":"stand-in failure"}}')
      return
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    const chunk = (delta: unknown, extra: object = {}) => res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', model: body.model, choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`)
    chunk({ role: 'assistant' })
    if ('hold' in reply && !releaseAll) await new Promise<void>((resolve) => held.push(resolve))
    if ('toolCalls' in reply) {
      reply.toolCalls.forEach((call, index) => {
        const args = JSON.stringify(call.arguments)
        const half = Math.floor(args.length / 2)
        chunk({ tool_calls: [{ index, id: `call_${index}`, type: 'function', function: { name: call.name, arguments: args.slice(0, half) } }] })
        chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] })
      })
    } else {
      for (const piece of reply.text.match(/\S+\s*/g) ?? []) chunk({ content: piece })
    }
    res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 } })}\n\n`)
    res.end('data: [DONE]\n\n')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script,
    /** Lets every held reply (and any later one) finish. */
    release() {
      releaseAll = true
      for (const resolve of held.splice(0)) resolve()
    },
    waitForRequests: async (n: number) => {
      while (requests.length < n) await new Promise((resolve) => setTimeout(resolve, 5))
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }),
  }
}
