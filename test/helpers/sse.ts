/**
 * An EventSource-style reader of a `text/event-stream` byte stream (the WHATWG parsing rules:
 * lines end in LF, CR or CRLF; `:` starts a comment; `event` and `data` fields; a blank line
 * dispatches; multi-line data joins with LF). Returns the events and the comments, in order.
 */
export interface SseEvent {
  event: string
  data: string
}

export async function readSse(response: Response): Promise<{ events: SseEvent[]; comments: string[]; json: (name: string) => any[] }> {
  const events: SseEvent[] = []
  const comments: string[] = []
  const decoder = new TextDecoder()
  let buffer = ''
  let event = ''
  let data: string[] = []
  const line = (text: string) => {
    if (text === '') {
      if (data.length) events.push({ event: event || 'message', data: data.join('\n') })
      event = ''
      data = []
    } else if (text.startsWith(':')) comments.push(text.slice(1).trim())
    else {
      const colon = text.indexOf(':')
      const field = colon === -1 ? text : text.slice(0, colon)
      const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '')
      if (field === 'event') event = value
      else if (field === 'data') data.push(value)
    }
  }
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true })
    let match: RegExpExecArray | null
    while ((match = /\r\n|\r|\n/.exec(buffer))) {
      line(buffer.slice(0, match.index))
      buffer = buffer.slice(match.index + match[0].length)
    }
  }
  return { events, comments, json: (name) => events.filter((e) => e.event === name).map((e) => JSON.parse(e.data)) }
}
