import type { AppContext } from '../context.ts'

/**
 * A `text/event-stream` response: frames `event: <name>` + `data: <json>`, a `: keepalive` comment
 * every SSE_KEEPALIVE_MS while the producer works. The producer runs to its end even when the
 * client goes away (a turn continues after a disconnect); writes after that are dropped.
 */
export type Send = (event: string, data: unknown) => void

export function sseResponse(ctx: AppContext, produce: (send: Send) => Promise<void>): Response {
  const encoder = new TextEncoder()
  let open = true
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const write = (text: string) => {
    if (!open) return
    try {
      controller.enqueue(encoder.encode(text))
    } catch {
      open = false
    }
  }
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c
    },
    cancel() {
      open = false
    },
  })
  const keepalive = setInterval(() => write(': keepalive\n\n'), Math.max(10, ctx.config.sseKeepaliveMs))
  const send: Send = (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
  void produce(send)
    .catch((error: unknown) => {
      ctx.log.error('event stream failed', { error: String(error) })
      send('stream_error', { message: 'the stream failed' })
    })
    .finally(() => {
      clearInterval(keepalive)
      if (open) {
        open = false
        controller.close()
      }
    })
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' } })
}
