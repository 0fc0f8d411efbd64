import { randomUUID } from 'node:crypto'
import { streamChat, type ChatMessage } from '../model/chat.ts'
import { appendMessage, messagesOf, type Message } from './sessions.ts'
import { runTool, TOOLS } from './tools.ts'
import { builtinDriver, type Driver, type TurnInput } from './turns.ts'
import { CAPABILITIES } from './builtin.ts'

/**
 * The assistant when a model is configured: the model reads the history and drives openroles'
 * tools (tool_use / tool_result events), its text streamed as it is written, for at most MAX_STEPS
 * model calls per turn. When the model fails or times out before it wrote anything, the built-in
 * assistant answers the turn instead.
 */
const MAX_STEPS = 8

const SYSTEM = `You are the openroles assistant. You help one signed-in job seeker with openroles' own data through the tools: search jobs, read a job, analyse fit, save, set an application stage, the pipeline, draft a follow-up, list, read and patch the caller’s CVs (never the header’s identity, the title or the template). Use the tools rather than guessing; quote job slugs exactly. ${CAPABILITIES}`

function toChat(messages: Message[]): ChatMessage[] {
  return messages.map((message): ChatMessage => {
    if (message.role === 'tool') return { role: 'tool', tool_call_id: String(message.content.tool_call_id), content: JSON.stringify(message.content.result) }
    if (message.role === 'assistant') {
      const calls = message.content.tool_calls as { id: string; name: string; arguments: unknown }[] | undefined
      return { role: 'assistant', content: typeof message.content.text === 'string' ? message.content.text : null, ...(calls && { tool_calls: calls.map((call) => ({ id: call.id, type: 'function' as const, function: { name: call.name, arguments: JSON.stringify(call.arguments) } })) }) }
    }
    return { role: 'user', content: String(message.content.text ?? '') }
  })
}

/** A tailoring session tells the model which CV and job "my CV" means. */
function systemFor(session: TurnInput['session']): string {
  return session.cv_id ? `${SYSTEM} This conversation tailors the CV ${session.cv_id} for the job ${session.job_id ?? ''}: “my CV” means that CV; read it before patching.` : SYSTEM
}

const tools = TOOLS.map((tool) => ({ type: 'function' as const, function: { name: tool.name, description: tool.description, parameters: tool.parameters } }))

export const modelDriver: Driver = async (deps, input, emit, signal) => {
  const usage = { input_tokens: 0, output_tokens: 0 }
  let wrote = false
  for (let step = 0; step < MAX_STEPS; step++) {
    let answer
    try {
      answer = await streamChat(deps.config, { messages: [{ role: 'system', content: systemFor(input.session) }, ...toChat(messagesOf(deps.db, input.session.id))], tools }, (text) => {
        wrote = true
        emit({ type: 'assistant_text', text })
      }, signal)
    } catch (error) {
      if (signal.aborted) return 'cancelled'
      if (wrote || step > 0) {
        emit({ type: 'assistant_text', text: '\n(The model stopped answering; please try again.)' })
        return 'error'
      }
      return builtinDriver(deps, input, emit, signal)
    }
    usage.input_tokens += answer.usage.input_tokens
    usage.output_tokens += answer.usage.output_tokens
    const calls = answer.toolCalls.map((call) => ({ id: call.id || `call_${randomUUID().slice(0, 8)}`, name: call.name, arguments: parseArguments(call.arguments) }))
    appendMessage(deps.db, input.session.id, 'assistant', { ...(answer.text && { text: answer.text }), ...(calls.length && { tool_calls: calls }) }, deps.now())
    if (calls.length === 0) {
      emit({ type: 'usage', ...usage })
      return 'end_turn'
    }
    for (const call of calls) {
      if (signal.aborted) return 'cancelled'
      emit({ type: 'tool_use', name: call.name, input: call.arguments })
      const { result, is_error } = await runTool(deps, input.userId, call.name, call.arguments)
      appendMessage(deps.db, input.session.id, 'tool', { tool_call_id: call.id, name: call.name, result }, deps.now())
      emit({ type: 'tool_result', name: call.name, result, is_error })
    }
  }
  emit({ type: 'usage', ...usage })
  return 'max_steps'
}

function parseArguments(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text || '{}')
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {}
  } catch {
    return {}
  }
}
