import { h, replaceChildren, announce } from './dom.ts'
import { API_BASE } from './api.ts'
import { callApi, isSignedIn } from './me-api.ts'

/**
 * The job page's match analysis: for a signed-in visitor, the cached analysis if there is one and a
 * button that runs it again through the event stream (EventSource, same-origin cookie), each stage
 * shown as the server reports it — the requirements after "Extract & Match", the six dimensions after
 * "Recruiter verdict", the verdict after "Adversarial audit". Visitors who are not signed in are
 * asked to sign in.
 */
interface Requirement {
  text: string
  priority: string
  status: string
  evidence: string
}
interface Dimension {
  key: string
  label: string
  score: number
}
interface Analysis {
  overall_score: number
  verdict: string
  strengths: string[]
  gaps: string[]
  recommendation: string
  requirement_match: Requirement[]
  dimensions: Dimension[]
  blockers: { reason: string; met: boolean }[]
}

const STATUS_LABELS: Record<string, string> = { covered: 'You have it', 'synonym-only': 'Under another name', 'missing-have': 'Not stated', 'missing-gap': 'Missing' }

export function fitPanel(slug: string): HTMLElement {
  const body = h('div', { class: 'fit-body', id: 'fit-body' })
  const section = h('section', { class: 'fit-panel', id: 'fit-panel', 'aria-labelledby': 'fit-heading' }, h('h2', { id: 'fit-heading' }, 'How do you fit?'), body)
  const path = `/jobs/${encodeURIComponent(slug)}/match-analysis`
  isSignedIn().then(async (yes) => {
    if (!yes) return replaceChildren(body, h('p', { class: 'fit-signin' }, h('a', { href: '/account' }, 'Sign in'), ' to see how well you fit this job: the requirements you meet, what you miss and what could rule you out.'))
    const { data } = await callApi<{ has_cv: boolean; stale?: boolean; analysis?: Analysis | null }>('GET', path)
    if (!data.has_cv) return replaceChildren(body, noProfile())
    const run = h('button', { type: 'button', class: 'search-button', id: 'fit-run', onclick: () => stream() }, data.analysis ? 'Analyse again' : 'Analyse my fit')
    replaceChildren(body, run, data.analysis ? [data.stale ? h('p', { class: 'fit-note' }, 'Your profile or the posting changed since this analysis.') : null, verdict(data.analysis)] : null)
  }).catch((error: Error) => replaceChildren(body, h('p', { role: 'alert' }, error.message)))

  function stream() {
    const stages = h('ol', { class: 'fit-stages', id: 'fit-stages' })
    const details = h('div', { class: 'fit-details' })
    replaceChildren(body, stages, details)
    body.setAttribute('aria-busy', 'true')
    const source = new EventSource(`${API_BASE}${path}/stream`)
    const stageItem = (n: number) => stages.querySelector<HTMLElement>(`[data-stage="${n}"]`)
    const done = () => {
      source.close()
      body.removeAttribute('aria-busy')
    }
    const on = (name: string, handle: (data: any) => void) => source.addEventListener(name, (event) => handle(JSON.parse((event as MessageEvent).data)))
    on('meta', (data) => {
      if (!data.has_cv) {
        done()
        replaceChildren(body, noProfile())
      }
    })
    on('stage_start', (data) => stages.append(h('li', { 'data-stage': data.stage, class: 'running' }, h('span', { class: 'fit-stage-label' }, data.label), h('span', { class: 'fit-stage-note' }, ''))))
    on('thinking', (data) => {
      const note = stageItem(data.stage)?.querySelector('.fit-stage-note')
      if (note) note.textContent = data.thinking
    })
    on('stage_done', (data) => stageItem(data.stage)?.setAttribute('class', 'done'))
    on('requirements', (data) => details.append(requirements(data.requirements)))
    on('dimensions', (data) => details.append(dimensions(data.analysis.dimensions)))
    on('final', (data) => {
      done()
      details.prepend(verdict(data.analysis, false))
      announce(`${data.analysis.verdict}: ${data.analysis.overall_score} out of 100`)
    })
    on('stream_error', (data) => {
      done()
      details.append(h('p', { role: 'alert' }, data.message))
    })
    // A refusal (402 allowance, 429) or a dropped connection: EventSource would retry forever.
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED || !stages.querySelector('.done')) {
        done()
        if (!details.querySelector('.fit-verdict')) details.append(h('p', { role: 'alert' }, 'The analysis could not run now (your daily allowance or the hourly limit may be used up).'))
      } else done()
    }
  }
  return section
}

function noProfile(): HTMLElement {
  return h('p', { class: 'fit-note' }, 'Fill in your profile first: the analysis matches it against this job. ', h('a', { href: '/profile' }, 'Your profile'))
}

function verdict(a: Analysis, full = true): HTMLElement {
  const unmet = a.blockers.filter((b) => !b.met)
  return h(
    'div',
    { class: 'fit-verdict', id: 'fit-verdict' },
    h('p', { class: 'fit-score' }, h('strong', {}, a.verdict), ` · ${a.overall_score}/100`),
    unmet.length ? h('p', { class: 'fit-blockers' }, 'What holds you back: ', unmet.map((b) => b.reason).join(' ')) : null,
    a.strengths.length ? [h('h3', {}, 'Strengths'), h('ul', {}, a.strengths.map((s) => h('li', {}, s)))] : null,
    a.gaps.length ? [h('h3', {}, 'Gaps'), h('ul', {}, a.gaps.map((s) => h('li', {}, s)))] : null,
    h('p', { class: 'fit-recommendation' }, a.recommendation),
    full ? [dimensions(a.dimensions), requirements(a.requirement_match)] : null,
  )
}

function requirements(list: Requirement[]): HTMLElement {
  return h('div', { class: 'fit-requirements' }, h('h3', {}, 'Requirements'), h('ul', {}, list.map((r) => h('li', { class: `req-${r.status}` }, h('span', { class: 'req-status' }, STATUS_LABELS[r.status] ?? r.status), ' ', r.text, r.priority === 'preferred' ? ' (preferred)' : ''))))
}

function dimensions(list: Dimension[]): HTMLElement {
  return h('div', { class: 'fit-dimensions' }, h('h3', {}, 'Dimensions'), h('dl', {}, list.map((d) => [h('dt', {}, d.label), h('dd', {}, h('meter', { min: 0, max: 100, value: d.score }), ` ${d.score}`)])))
}
