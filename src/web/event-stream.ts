import { API_BASE } from './api.ts'
import { ApiError } from './me-api.ts'

/**
 * Server-sent events over fetch, for the streams a browser's EventSource cannot open (a POST, like an
 * assistant turn): the same framing rules (`event:` / `data:` fields, a blank line dispatches, `:`
 * comments such as keepalives are skipped). A refusal before the stream (402, 404, 409…) rejects
 * with the API's message.
 */
export async function postEventStream(path: string, body: unknown, onEvent: (name: string, data: any) => void): Promise<void> {
  const answer = await fetch(API_BASE + path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'text/event-stream', ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  if (!answer.ok || !answer.body) {
    const json = await answer.json().catch(() => null)
    throw new ApiError(answer.status, json?.error ?? `request failed (${answer.status})`)
  }
  const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  let name = ''
  let data: string[] = []
  const line = (text: string) => {
    if (text === '') {
      if (data.length) onEvent(name || 'message', JSON.parse(data.join('\n')))
      name = ''
      data = []
    } else if (!text.startsWith(':')) {
      const colon = text.indexOf(':')
      const field = colon === -1 ? text : text.slice(0, colon)
      const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '')
      if (field === 'event') name = value
      else if (field === 'data') data.push(value)
    }
  }
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += value
    const lines = buffer.split(/\r\n|\r|\n/)
    buffer = lines.pop() ?? ''
    lines.forEach(line)
  }
  if (buffer) line(buffer)
  line('')
}
