import { h, replaceChildren, announce } from './dom.ts'
import { callApi, isSignedIn } from './me-api.ts'
import { postEventStream } from './event-stream.ts'

/**
 * The assistant panel of the search page: a `browse` session opened on the first message, each turn
 * streamed — the user's words, the assistant's text as it arrives, the tools it runs and the jobs a
 * search found (as links). Works without a model (the built-in assistant answers the same stream).
 * Visitors who are not signed in are asked to sign in.
 */
interface BriefJob {
  slug: string
  title: string
  company: string
  location?: string | null
}

const TOOL_LABELS: Record<string, string> = {
  search_jobs: 'Searching jobs', read_job: 'Reading the job', match_analysis: 'Analysing your fit', save_job: 'Saving the job', set_stage: 'Moving the application',
  pipeline: 'Reading your applications', draft_follow_up: 'Drafting a follow-up', list_cvs: 'Listing your CVs', read_cv: 'Reading your CV', patch_cv: 'Editing your CV',
}

export function assistantPanel(): HTMLElement {
  const log = h('ol', { class: 'assistant-log', id: 'assistant-log', 'aria-live': 'polite' })
  const input = h('input', { id: 'assistant-input', type: 'text', autocomplete: 'off', maxlength: 8000, placeholder: 'Try “remote rust jobs in Berlin”', 'aria-label': 'Message the assistant' })
  const sendButton = h('button', { type: 'submit', class: 'search-button', id: 'assistant-send' }, 'Send')
  const form = h('form', { class: 'assistant-form', id: 'assistant-form' }, input, sendButton)
  const body = h('div', { class: 'assistant-body', id: 'assistant-body', hidden: true }, log, form)
  const toggle = h('button', { type: 'button', class: 'link-button assistant-toggle', id: 'assistant-toggle', 'aria-expanded': 'false', 'aria-controls': 'assistant-body' }, 'Ask the assistant')
  const panel = h('section', { class: 'assistant-panel', id: 'assistant-panel', 'aria-label': 'Assistant' }, toggle, body)
  let sessionId: string | null = null

  toggle.addEventListener('click', () => {
    const open = body.hidden
    body.hidden = !open
    toggle.setAttribute('aria-expanded', String(open))
    if (!open) return
    isSignedIn().then((yes) => {
      if (yes) input.focus()
      else replaceChildren(body, h('p', { class: 'assistant-signin' }, h('a', { href: '/account' }, 'Sign in'), ' to ask the assistant to search, save and track jobs for you.'))
    })
  })

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const text = input.value.trim()
    if (!text || form.hasAttribute('aria-busy')) return
    input.value = ''
    void turn(text)
  })

  async function turn(text: string) {
    form.setAttribute('aria-busy', 'true')
    sendButton.disabled = true
    let reply: HTMLElement | null = null
    const line = (kind: string, ...children: (Node | string)[]) => {
      const item = h('li', { class: `assistant-${kind}` }, ...children)
      log.append(item)
      item.scrollIntoView({ block: 'nearest' })
      return item
    }
    try {
      sessionId ??= (await callApi<{ id: string }>('POST', '/assistant/sessions?preset=browse')).data.id
      await postEventStream(`/assistant/sessions/${sessionId}/messages`, { text }, (name, data) => {
        if (name === 'user_prompt') line('user', data.text)
        else if (name === 'queued') line('note', 'Waiting for the previous answer…')
        else if (name === 'tool_use') {
          line('tool', `${TOOL_LABELS[data.name] ?? data.name}…`)
          reply = null
        } else if (name === 'tool_result') {
          if (data.is_error) line('note', `That did not work: ${data.result?.error ?? 'unknown error'}`)
          else if (data.name === 'search_jobs') line('jobs', jobLinks(data.result.jobs as BriefJob[]))
        } else if (name === 'assistant_text') {
          reply ??= line('assistant', '')
          reply.textContent += data.text
          log.scrollTop = log.scrollHeight
        } else if (name === 'result') {
          if (data.stop_reason !== 'end_turn') line('note', data.stop_reason === 'cancelled' ? 'Stopped.' : 'The answer stopped early; try again.')
          if (reply) announce(reply.textContent ?? '')
        }
      })
    } catch (error) {
      line('note', (error as Error).message)
    } finally {
      form.removeAttribute('aria-busy')
      sendButton.disabled = false
      input.focus()
    }
  }

  return panel
}

function jobLinks(jobs: BriefJob[]): HTMLElement {
  return h('ol', { class: 'assistant-jobs' }, jobs.map((job) => h('li', {}, h('a', { href: `/jobs/${encodeURIComponent(job.slug)}` }, job.title), ` — ${job.company}${job.location ? ` (${job.location})` : ''}`)))
}
