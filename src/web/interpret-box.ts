import { sendJson } from './api.ts'
import { h } from './dom.ts'
import { navigate } from './router.ts'

interface Interpretation {
  query: string
}

/**
 * "Describe the job": a sentence read into filters by POST /search/interpret, then the search page
 * at that query, so every filter it found shows as a chip the person can remove.
 */
export function interpretBox(): HTMLElement {
  const input = h('input', { id: 'interpret-input', type: 'text', maxlength: '500', placeholder: 'e.g. remote senior python jobs in Berlin over 90k EUR, no crypto', 'aria-describedby': 'interpret-status' })
  const status = h('p', { id: 'interpret-status', class: 'hint', role: 'status' })
  const button = h('button', { type: 'submit' }, 'Find')
  return h(
    'form',
    {
      class: 'interpret-form',
      onsubmit: async (event: Event) => {
        event.preventDefault()
        const text = input.value.trim()
        if (!text) return
        button.disabled = true
        status.textContent = 'Reading…'
        try {
          const answer = await sendJson<Interpretation>('POST', '/search/interpret', { text })
          status.textContent = ''
          navigate(`/?${answer!.query}`)
        } catch (error) {
          status.textContent = (error as Error).message
        } finally {
          button.disabled = false
        }
      },
    },
    h('label', { for: 'interpret-input', class: 'interpret-label' }, 'Or describe the job you want'),
    h('div', { class: 'interpret-row' }, input, button),
    status,
  )
}
