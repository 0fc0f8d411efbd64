import type { Config } from '../config.ts'

/**
 * A client of any OpenAI-compatible chat-completions endpoint (MODEL_BASE_URL: a hosted API, or a
 * local llama.cpp / Ollama / vLLM server), streaming: text deltas are handed to `onText` as they
 * arrive, tool calls are assembled from their pieces. Throws on a non-2xx answer, a malformed
 * stream or MODEL_TIMEOUT_MS; callers fall back to openroles' deterministic text. The key is sent
 * only in the Authorization header and never logged.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool'
  content: string | null
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[]
  tool_call_id?: string
}

export interface ChatTool {
  type: 'function'
  function: { name: string; description: string; parameters: Record<string, unknown> }
}

export interface ChatAnswer {
  text: string
  toolCalls: { id: string; name: string; arguments: string }[]
  usage: { input_tokens: number; output_tokens: number }
}

export const modelConfigured = (config: Config) => Boolean(config.modelBaseUrl)

export async function streamChat(config: Config, request: { messages: ChatMessage[]; tools?: ChatTool[] }, onText: (delta: string) => void, signal?: AbortSignal): Promise<ChatAnswer> {
  const timeout = AbortSignal.timeout(Math.max(1, config.modelTimeoutMs))
  const response = await fetch(`${config.modelBaseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(config.modelApiKey && { authorization: `Bearer ${config.modelApiKey}` }) },
    body: JSON.stringify({ model: config.modelName, messages: request.messages, stream: true, stream_options: { include_usage: true }, ...(request.tools?.length && { tools: request.tools }) }),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  })
  if (!response.ok || !response.body) throw new Error(`model answered ${response.status}`)
  const answer: ChatAnswer = { text: '', toolCalls: [], usage: { input_tokens: 0, output_tokens: 0 } }
  const decoder = new TextDecoder()
  let buffer = ''
  let done = false
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true })
    let end: number
    while ((end = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, end).replace(/\r$/, '')
      buffer = buffer.slice(end + 1)
      if (!line.startsWith('data:')) continue
      const data = line.slice(5).trim()
      if (data === '[DONE]') {
        done = true
        continue
      }
      absorb(answer, JSON.parse(data), onText)
    }
  }
  if (!done && !answer.text && answer.toolCalls.length === 0) throw new Error('model stream ended without an answer')
  return answer
}

function absorb(answer: ChatAnswer, chunk: any, onText: (delta: string) => void): void {
  if (chunk.usage) answer.usage = { input_tokens: chunk.usage.prompt_tokens ?? 0, output_tokens: chunk.usage.completion_tokens ?? 0 }
  const delta = chunk.choices?.[0]?.delta
  if (!delta) return
  if (typeof delta.content === 'string' && delta.content) {
    answer.text += delta.content
    onText(delta.content)
  }
  for (const piece of delta.tool_calls ?? []) {
    const index = typeof piece.index === 'number' ? piece.index : answer.toolCalls.length
    const call = (answer.toolCalls[index] ??= { id: '', name: '', arguments: '' })
    if (piece.id) call.id = piece.id
    if (piece.function?.name) call.name += piece.function.name
    if (piece.function?.arguments) call.arguments += piece.function.arguments
  }
}
