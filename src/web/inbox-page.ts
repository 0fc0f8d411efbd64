import { getJson, sendJson } from './api.ts'
import { h, replaceChildren } from './dom.ts'
import { actionForm, button, commaList, field, formatDate, panel, signedInPage, statusLine, textInput } from './workspace.ts'

/**
 * /inbox: the application mail (filters, unread, labels, linking a message to a job or marking it
 * as the application), follow-ups for silent applications, and the mail connections (hosted
 * address, IMAP, Gmail when the server is configured for it).
 */
interface Message {
  id: number
  source: string
  from_addr: string
  from_name: string
  subject: string
  snippet?: string
  body_text?: string
  received_at: string
  read: boolean
  status_signal?: string
  link_source?: string
  linked_slug?: string
  linked_company?: string
  suggested_slug?: string
  suggested_company?: string
}
interface TrackingEntry {
  job: { public_slug: string; title: string; company: string } | null
  stage: string
  days_silent: number | null
  silence_state?: string
}

const LABELS = ['acknowledgement', 'screening', 'assessment', 'interview_invitation', 'offer', 'rejection', 'info_request', 'incomplete_application', 'other']
const labelText = (label: string) => label.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase())
const PAGE = 20

function select(name: string, options: [string, string][], value = ''): HTMLSelectElement {
  const element = h('select', { name }, options.map(([optionValue, text]) => h('option', { value: optionValue }, text))) as HTMLSelectElement
  element.value = value
  return element
}

export function renderInboxPage(page: HTMLElement): void {
  signedInPage(page, 'Inbox', 'to read the mail about your applications.', async () => {
    const label = select('status', [['', 'Any label'], ...LABELS.map((value): [string, string] => [value, labelText(value)])])
    const link = select('link', [['', 'Linked or not'], ['linked', 'Linked to a job'], ['suggested', 'Suggested link'], ['unlinked', 'Not linked']])
    const unread = h('input', { type: 'checkbox', name: 'unread' }) as HTMLInputElement
    const q = textInput('q', '', { type: 'search', placeholder: 'Subject, sender or text' })
    // A board card links here with its posting (`/inbox?job=<slug>`): the mail linked to it.
    const job = new URLSearchParams(location.search).get('job')
    if (job) link.value = 'linked'
    const list = h('ul', { class: 'messages', id: 'messages', 'aria-busy': 'true' })
    const summary = h('p', { class: 'hint', role: 'status' })
    let offset = 0
    const more = button('Older mail', () => void load(offset + PAGE), { class: 'link-button', hidden: 'true' })
    const filters = () => {
      const params = new URLSearchParams()
      if (label.value) params.set('status', label.value)
      if (link.value) params.set('link', link.value)
      if (q.value.trim()) params.set('q', q.value.trim())
      return params
    }
    const load = async (from = 0) => {
      offset = from
      const params = filters()
      if (unread.checked) params.set('unread', 'true')
      params.set('limit', String(job && link.value === 'linked' ? 100 : PAGE))
      params.set('offset', String(from))
      const answer = await getJson<Message[]>(`/me/inbox?${params}`)
      const data = job && link.value === 'linked' ? answer.data.filter((message) => message.linked_slug === job) : answer.data
      const meta = answer.meta
      const total = data === answer.data ? ((meta?.total as number | undefined) ?? data.length) : data.length
      const hidden = (meta as { hidden?: number } | undefined)?.hidden ?? 0
      const items = data.map((message) => messageItem(message, () => load(offset)))
      if (from === 0) replaceChildren(list, items.length ? items : h('li', { class: 'empty' }, 'No mail matches.'))
      else list.append(...items)
      list.removeAttribute('aria-busy')
      summary.textContent = `${total} message${total === 1 ? '' : 's'}${hidden ? ` (${hidden} newsletters and alerts hidden: pick the label “Other” to see them)` : ''}.`
      more.hidden = from + PAGE >= total
    }
    const filterForm = h('form', { class: 'inbox-filters', role: 'search' }, field('Label', label), field('Link', link), h('label', { class: 'check' }, unread, ' Unread only'), field('Search', q), h('button', { type: 'submit' }, 'Filter'))
    filterForm.addEventListener('submit', (event) => {
      event.preventDefault()
      void load()
    })
    for (const control of [label, link, unread]) control.addEventListener('change', () => void load())
    const status = statusLine()
    const readAll = button('Mark all read', () => void status.run(async () => {
      const result = await sendJson<{ marked: number }>('POST', `/me/inbox/read-all?${filters()}`)
      await load()
      return result?.marked ?? 0
    }, (marked) => `${marked} marked read.`), { class: 'link-button', id: 'inbox-read-all' })
    replaceChildren(
      page,
      h('h1', {}, 'Inbox'),
      h('p', { class: 'hint' }, 'Mail about your applications. A message linked to a job moves it on ', h('a', { href: '/board' }, 'your board'), ' (an interview invitation to Interview, a rejection to Rejected).'),
      panel('inbox', 'Messages', filterForm, h('div', { class: 'form-actions' }, summary, readAll, status.element), list, more),
      followUps(),
      connections(),
    )
    await load()
  })
}

function messageItem(message: Message, reload: () => Promise<void>): HTMLElement {
  const body = h('div', { class: 'message-body', hidden: true })
  const status = statusLine()
  const item = h(
    'li',
    { class: message.read ? 'message' : 'message unread' },
    h(
      'button',
      { type: 'button', class: 'message-head', 'aria-expanded': 'false' },
      h('span', { class: 'message-from' }, message.from_name || message.from_addr),
      h('span', { class: 'message-subject' }, message.subject || '(no subject)'),
      h('span', { class: 'hint' }, formatDate(message.received_at)),
    ),
    h(
      'p',
      { class: 'message-tags' },
      message.read ? null : h('span', { class: 'badge' }, 'Unread'),
      message.status_signal ? h('span', { class: 'badge' }, labelText(message.status_signal)) : null,
      message.linked_slug ? h('a', { href: `/jobs/${encodeURIComponent(message.linked_slug)}` }, `Linked: ${message.linked_company ?? message.linked_slug}`) : null,
      message.suggested_slug && !message.linked_slug ? h('span', {}, `Maybe about ${message.suggested_company ?? message.suggested_slug}? `, button('Yes', () => void status.run(() => sendJson('POST', `/me/emails/${message.id}/confirm`).then(reload)), { class: 'link-button' }), ' ', button('No', () => void status.run(() => sendJson('POST', `/me/emails/${message.id}/reject`).then(reload)), { class: 'link-button' })) : null,
    ),
    message.snippet ? h('p', { class: 'message-snippet' }, message.snippet) : null,
    body,
    status.element,
  )
  const head = item.querySelector('.message-head') as HTMLButtonElement
  head.addEventListener('click', () => {
    const open = body.hidden
    body.hidden = !open
    head.setAttribute('aria-expanded', String(open))
    if (open && !body.childElementCount) void openMessage(message, body, reload, item)
  })
  return item
}

async function openMessage(message: Message, body: HTMLElement, reload: () => Promise<void>, item: HTMLElement): Promise<void> {
  const full = (await getJson<Message>(`/me/emails/${message.id}`)).data
  item.classList.remove('unread')
  const badge = item.querySelector('.message-tags .badge')
  if (badge?.textContent === 'Unread') badge.remove()
  const label = select('signal', [['', 'Choose a label'], ...LABELS.map((value): [string, string] => [value, labelText(value)])], full.status_signal ?? '')
  const slug = textInput('slug', full.linked_slug ?? full.suggested_slug ?? '', { placeholder: 'the job’s address, e.g. rust-engineer-initech-ab12' })
  const status = statusLine()
  label.addEventListener('change', () => {
    if (label.value) void status.run(() => sendJson('POST', `/me/emails/${message.id}/triage`, { signal: label.value }), 'Labelled.')
  })
  const jobSlug = () => slug.value.trim().replace(/^.*\/jobs\//, '')
  replaceChildren(
    body,
    h('pre', { class: 'message-text' }, full.body_text ?? ''),
    field('Label', label),
    field('Job', slug, 'Paste the job’s page address or its slug.'),
    h(
      'div',
      { class: 'form-actions' },
      button('Link to this job', () => void status.run(() => sendJson('POST', `/me/emails/${message.id}/link`, { slug: jobSlug() }).then(reload), 'Linked.')),
      button('This is my application to it', () => void status.run(() => sendJson('POST', `/me/emails/${message.id}/application`, { slug: jobSlug() }).then(reload), 'Marked applied.'), { class: 'secondary' }),
      button('Mark unread', () => void status.run(() => sendJson('POST', `/me/emails/${message.id}/unread`).then(reload), 'Marked unread.'), { class: 'link-button' }),
      full.linked_slug ? button('Unlink', () => void status.run(() => sendJson('POST', `/me/emails/${message.id}/unlink`).then(reload), 'Unlinked.'), { class: 'link-button' }) : null,
      button('Delete', () => void status.run(() => sendJson('POST', `/me/emails/${message.id}/delete`).then(reload), 'Deleted.'), { class: 'link-button danger' }),
    ),
    status.element,
  )
}

function followUps(): HTMLElement {
  const slot = h('div', {}, h('p', { class: 'hint' }, 'Loading…'))
  void getJson<TrackingEntry[]>('/me/tracking?limit=100').then(({ data }) => {
    const silent = data.filter((entry) => entry.silence_state === 'silent' && entry.job)
    replaceChildren(slot, silent.length ? h('ul', { class: 'followups' }, silent.map(followUpItem)) : h('p', { class: 'hint' }, 'No application is waiting on a reply.'))
  }, (error: Error) => replaceChildren(slot, h('p', { class: 'hint' }, error.message)))
  return panel('followups', 'Follow-ups', h('p', { class: 'hint' }, 'Applications with no news for a while: a drafted follow-up to send from your own mail.'), slot)
}

function followUpItem(entry: TrackingEntry): HTMLElement {
  const job = entry.job!
  const slug = encodeURIComponent(job.public_slug)
  const draft = h('div', { class: 'followup-draft' })
  const status = statusLine()
  return h(
    'li',
    {},
    h('a', { href: `/jobs/${slug}` }, `${job.title} · ${job.company}`),
    h('span', { class: 'hint' }, ` · no news for ${entry.days_silent ?? '?'} days `),
    button('Draft a follow-up', () => void status.run(async () => {
      const { data } = await getJson<{ subject: string; body: string; recipient?: string }>(`/me/tracking/${slug}/followup`)
      replaceChildren(
        draft,
        h('p', {}, h('strong', {}, 'To: '), data.recipient ?? '(the recruiter)'),
        h('p', {}, h('strong', {}, 'Subject: '), data.subject),
        h('pre', { class: 'message-text' }, data.body),
        button('I sent it', () => void status.run(() => sendJson('POST', `/me/tracking/${slug}/followup`), 'Noted on your board.')),
      )
    }, ''), { class: 'link-button' }),
    draft,
    status.element,
  )
}

function connections(): HTMLElement {
  const slot = h('div', {}, h('p', { class: 'hint' }, 'Loading…'))
  const render = async () => {
    const [mailbox, imap, gmail] = await Promise.all([
      getJson<{ available: boolean; address: string | null }>('/me/mailbox'),
      getJson<{ connected: boolean; available: boolean; host?: string; username?: string; folders?: string[]; last_sync_at?: string | null; last_error?: string | null }>('/me/imap'),
      getJson<{ connected: boolean; available: boolean; email?: string; status?: string }>('/me/gmail'),
    ])
    const status = statusLine()
    const hosted = mailbox.data.available
      ? mailbox.data.address
        ? h('p', {}, 'Your application address: ', h('strong', { id: 'hosted-address' }, mailbox.data.address), '. Give it on applications; mail sent to it lands here. ', button('Release it', () => void status.run(() => sendJson('DELETE', '/me/mailbox').then(render), 'Released.'), { class: 'link-button danger' }))
        : h('p', {}, button('Get an application address', () => void status.run(() => sendJson('POST', '/me/mailbox').then(render), 'Created.')))
      : h('p', { class: 'hint' }, 'This server has no mail domain, so it cannot give you an application address.')
    const imapPart = imap.data.connected
      ? h('p', {}, `Connected to ${imap.data.username} at ${imap.data.host} (${(imap.data.folders ?? []).join(', ')}); last synced ${formatDate(imap.data.last_sync_at) || 'not yet'}. `, imap.data.last_error ? h('span', { class: 'form-error' }, imap.data.last_error) : null, button('Sync now', () => void status.run(() => sendJson('POST', '/me/imap/sync').then(render), 'Synced.'), { class: 'link-button' }), ' ', button('Disconnect', () => void status.run(() => sendJson('DELETE', '/me/imap').then(render), 'Disconnected.'), { class: 'link-button danger' }))
      : imap.data.available
        ? imapForm(render)
        : h('p', { class: 'hint' }, 'This server cannot store mailbox passwords (no SECRETS_KEY), so IMAP is off.')
    const gmailPart = gmail.data.connected
      ? h('p', {}, `Gmail: ${gmail.data.email} (${gmail.data.status}). `, button('Sync now', () => void status.run(() => sendJson('POST', '/me/gmail/sync'), 'Sync started.'), { class: 'link-button' }), ' ', button('Disconnect', () => void status.run(() => sendJson('DELETE', '/me/gmail').then(render), 'Disconnected.'), { class: 'link-button danger' }))
      : gmail.data.available
        ? h('p', {}, h('a', { href: '/api/v1/me/gmail/connect', class: 'button-link' }, 'Connect Gmail'), ' (read-only access)')
        : null
    replaceChildren(slot, h('h3', {}, 'Application address'), hosted, h('h3', {}, 'IMAP mailbox'), imapPart, gmailPart ? [h('h3', {}, 'Gmail'), gmailPart] : null, status.element)
  }
  render().catch((error: Error) => replaceChildren(slot, h('p', { class: 'hint' }, error.message)))
  return panel('mail-connections', 'Connect a mailbox', slot)
}

function imapForm(done: () => Promise<void>): HTMLElement {
  const host = textInput('host', '', { placeholder: 'imap.example.org', autocomplete: 'off' })
  const username = textInput('username', '', { autocomplete: 'username' })
  const password = textInput('password', '', { type: 'password', autocomplete: 'current-password' })
  const folders = textInput('folders', 'INBOX')
  return h(
    'details',
    {},
    h('summary', {}, 'Connect an IMAP mailbox'),
    actionForm('imap-form', [field('Server', host), field('User name', username), field('App password', password, 'Stored encrypted; never shown again.'), field('Folders', folders, 'Separated by commas.')], 'Connect', () =>
      sendJson('PUT', '/me/imap', { host: host.value.trim(), username: username.value.trim(), password: password.value, folders: commaList(folders.value) }).then(done),
      'Connected: the first sync runs in the background.',
    ),
  )
}
