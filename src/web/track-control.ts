import { h, replaceChildren, announce } from './dom.ts'
import { callApi, isSignedIn, STAGE_LABELS, STAGES, type InteractionRecord } from './me-api.ts'

/**
 * The job page's tracker control for a signed-in visitor: save, mark applied, and the stage on the
 * board (or none). Each control calls the API and redraws from the interaction record it answers.
 * Visitors who are not signed in see nothing.
 */
export function trackControl(slug: string): HTMLElement {
  const root = h('section', { class: 'track-control', id: 'track-control', 'aria-label': 'Your tracking' })
  const path = `/jobs/${encodeURIComponent(slug)}`
  isSignedIn().then(async (yes) => {
    if (!yes) return root.remove()
    // Opening the page is a view (the tracker's "viewed" list), and the answer is the record: no 404 for an untracked job.
    const { data } = await callApi<InteractionRecord>('POST', `${path}/view`)
    draw(data)
  }).catch((error: Error) => replaceChildren(root, h('p', { role: 'alert' }, error.message)))

  function write(method: string, suffix: string, body?: unknown, message?: string) {
    root.setAttribute('aria-busy', 'true')
    callApi<InteractionRecord>(method, path + suffix, body)
      .then(({ data }) => {
        draw(data)
        if (message) announce(message)
      })
      .catch((error: Error) => replaceChildren(root, h('p', { role: 'alert' }, error.message)))
      .finally(() => root.removeAttribute('aria-busy'))
  }

  function draw(record: Pick<InteractionRecord, 'saved_at' | 'applied_at' | 'stage'>) {
    const saved = record.saved_at !== null
    const select = h(
      'select',
      {
        id: 'track-stage',
        onchange: () => {
          const stage = (select as HTMLSelectElement).value
          if (stage) write('PATCH', '/track', { stage }, `Moved to ${STAGE_LABELS[stage as keyof typeof STAGE_LABELS]}`)
          else write('DELETE', '/stage', undefined, 'Taken off the board')
        },
      },
      h('option', { value: '' }, 'Not on the board'),
      STAGES.map((stage) => h('option', { value: stage, selected: (record.stage ?? (record.applied_at ? 'applied' : null)) === stage }, STAGE_LABELS[stage])),
    )
    replaceChildren(
      root,
      h(
        'button',
        { type: 'button', id: 'track-save', class: 'track-button', 'aria-pressed': String(saved), onclick: () => write(saved ? 'DELETE' : 'POST', '/save', undefined, saved ? 'Removed from saved' : 'Saved') },
        saved ? 'Saved ✓' : 'Save',
      ),
      record.applied_at
        ? h('span', { class: 'track-applied', id: 'track-applied' }, `Applied ${record.applied_at.slice(0, 10)}`)
        : h('button', { type: 'button', id: 'track-apply', class: 'track-button', onclick: () => write('POST', '/apply', undefined, 'Marked as applied') }, 'I applied'),
      h('label', { class: 'track-stage', for: 'track-stage' }, 'Stage ', select),
      h('a', { class: 'track-board-link', href: '/board' }, 'Your board →'),
    )
  }
  return root
}
