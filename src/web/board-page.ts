import { announce, h, replaceChildren } from './dom.ts'
import { callApi, isSignedIn, STAGE_LABELS, STAGES, type Stage, type TrackingEntry } from './me-api.ts'

/**
 * The board (`/board`): the signed-in visitor's pipeline in columns — saved, preparing, applied
 * (applied, screening, responded), interview, offer, closed (every terminal stage). Column counts
 * come from GET /me/tracking/pipeline; each card can be moved to any stage or back to saved.
 */
const COLUMNS: { id: string; title: string; stages: Stage[] }[] = [
  { id: 'preparing', title: 'Preparing', stages: ['preparing'] },
  { id: 'applied', title: 'Applied', stages: ['applied', 'screening', 'responded'] },
  { id: 'interview', title: 'Interview', stages: ['interview'] },
  { id: 'offer', title: 'Offer', stages: ['offer'] },
  { id: 'closed', title: 'Closed', stages: ['accepted', 'rejected', 'withdrawn', 'expired'] },
]

interface Pipeline {
  applications: number
  stages: Record<Stage, number>
}

export function renderBoardPage(root: HTMLElement): void {
  document.title = 'Your board · openroles'
  const board = h('div', { class: 'board', id: 'board', 'aria-busy': 'true' })
  replaceChildren(root, h('h1', { class: 'board-title' }, 'Your board'), board)
  isSignedIn().then((yes) => {
    if (yes) return load(board)
    board.removeAttribute('aria-busy')
    replaceChildren(board, h('p', { class: 'board-empty' }, 'Sign in to see the jobs you track.'))
  })
}

async function load(board: HTMLElement): Promise<void> {
  board.setAttribute('aria-busy', 'true')
  try {
    const [pipeline, onBoard, saved] = await Promise.all([
      callApi<Pipeline>('GET', '/me/tracking/pipeline'),
      callApi<TrackingEntry[]>('GET', '/me/tracking?filter=board&limit=500'),
      callApi<TrackingEntry[]>('GET', '/me/tracking?filter=saved&limit=500'),
    ])
    const savedOnly = saved.data.filter((entry) => entry.stage === null && entry.applied_at === null)
    const stageOf = (entry: TrackingEntry): Stage => entry.stage ?? 'applied'
    const columns = [
      column('saved', 'Saved', savedOnly.length, savedOnly, board),
      ...COLUMNS.map(({ id, title, stages }) =>
        column(id, title, stages.reduce((sum, stage) => sum + pipeline.data.stages[stage], 0), onBoard.data.filter((entry) => stages.includes(stageOf(entry))), board),
      ),
    ]
    replaceChildren(board, h('p', { class: 'board-summary', id: 'board-summary' }, `${pipeline.data.applications} on the board`), h('div', { class: 'board-columns' }, columns))
  } catch (error) {
    replaceChildren(board, h('p', { role: 'alert' }, (error as Error).message))
  } finally {
    board.removeAttribute('aria-busy')
  }
}

function column(id: string, title: string, count: number, entries: TrackingEntry[], board: HTMLElement): HTMLElement {
  return h(
    'section',
    { class: 'board-column', id: `board-${id}`, 'aria-labelledby': `board-${id}-title` },
    h('h2', { id: `board-${id}-title` }, title, ' ', h('span', { class: 'count' }, String(count))),
    h('ol', { class: 'board-cards' }, entries.map((entry) => card(entry, board))),
  )
}

function card(entry: TrackingEntry, board: HTMLElement): HTMLElement {
  const title = entry.job ? h('a', { href: `/jobs/${encodeURIComponent(entry.job.public_slug)}` }, entry.job.title) : entry.role_title
  const id = encodeURIComponent(entry.id)
  const select = h(
    'select',
    {
      'aria-label': `Stage of ${entry.job?.title ?? entry.role_title}`,
      class: 'board-move',
      onchange: () => {
        const stage = (select as HTMLSelectElement).value
        const move = stage ? callApi('PATCH', `/me/applications/${id}`, { stage }) : callApi('DELETE', `/me/applications/${id}/stage`)
        move.then(() => {
          announce(stage ? `Moved to ${STAGE_LABELS[stage as Stage]}` : 'Moved back to saved')
          return load(board)
        }, (error: Error) => replaceChildren(board, h('p', { role: 'alert' }, error.message)))
      },
    },
    h('option', { value: '', selected: entry.stage === null && entry.applied_at === null }, 'Saved'),
    STAGES.map((stage) => h('option', { value: stage, selected: (entry.stage ?? (entry.applied_at ? 'applied' : null)) === stage }, STAGE_LABELS[stage])),
  )
  return h(
    'li',
    { class: 'board-card', 'data-id': entry.id },
    h('p', { class: 'board-card-title' }, title),
    h('p', { class: 'board-card-company' }, entry.job?.company ?? entry.company_slug, entry.job === null ? ' · posting removed' : entry.job.closed_at ? ' · closed' : ''),
    entry.silence_state === 'silent' ? h('p', { class: 'board-card-silence' }, `No news for ${entry.days_silent} days`) : null,
    // The mail that moved the card: the inbox showing the messages linked to this posting.
    entry.email_count && entry.job ? h('p', { class: 'board-card-mail' }, h('a', { href: `/inbox?job=${encodeURIComponent(entry.job.public_slug)}` }, `${entry.email_count} message${entry.email_count === 1 ? '' : 's'}`)) : null,
    select,
  )
}
