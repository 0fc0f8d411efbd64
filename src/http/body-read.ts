import type { H3Event } from 'h3'
import { requestTimeout } from '../errors.ts'

/**
 * Reading a request body against the clock (BODY_TIMEOUT_MS, docs/edge.md): a body trickled a
 * byte at a time would otherwise hold a connection and a handler for as long as the client likes.
 * Past the deadline the body stream is cancelled (nothing more is read) and the request is a 408,
 * whose connection the error mapper closes.
 */
export function bodyTimeoutError(timeoutMs: number) {
  return requestTimeout(`the request body did not arrive within ${timeoutMs / 1000} s`)
}

/** The whole body, as bytes, read within `timeoutMs`; limits on its size are the reader's (bodyLimit). */
export async function readBodyBytes(event: H3Event, timeoutMs: number): Promise<Buffer> {
  const body = event.req.body
  if (!body) return Buffer.alloc(0)
  const reader = body.getReader()
  let late = false
  const timer = setTimeout(() => {
    late = true
    void reader.cancel().catch(() => {})
  }, timeoutMs)
  const chunks: Uint8Array[] = []
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (late) throw bodyTimeoutError(timeoutMs)
      if (done) break
      chunks.push(value)
    }
  } catch (error) {
    if (late) throw bodyTimeoutError(timeoutMs)
    throw error
  } finally {
    clearTimeout(timer)
    reader.releaseLock()
  }
  return Buffer.concat(chunks)
}

export async function readBodyText(event: H3Event, timeoutMs: number): Promise<string> {
  return (await readBodyBytes(event, timeoutMs)).toString('utf8')
}
