import { currentSession, getJson, sendJson, whoAmI, type Me } from './api.ts'
import { announce, h, replaceChildren } from './dom.ts'
import { pushControl } from './push-control.ts'
import { accountSettings } from './account-settings.ts'
import { signInPrompt } from './workspace.ts'

/**
 * /account: sign in or create an account (a six-digit code by mail confirms it), then the saved
 * searches with their digest subscriptions, push notifications for this browser, and the
 * notifications the digests write. Everything
 * goes through the public API with the session cookie; the page never reads the cookie itself.
 */
interface SavedSearch {
  id: number
  name: string
  query: string
}
interface Subscription {
  id: number
  saved_search_id: number
  active: boolean
  channel?: string
}
interface Notification {
  id: number
  title: string
  body: string
  jobs: { public_slug?: string; title?: string; company?: string }[]
  created_at: string
  read_at: string | null
}

function field(label: string, input: HTMLInputElement): HTMLElement {
  return h('label', { class: 'field' }, label, input)
}

/** A form whose submit runs `action`; errors from the API show in the form, never as a broken page. */
function form(id: string, title: string, fields: HTMLElement[], button: string, action: () => Promise<void>): HTMLFormElement {
  const error = h('p', { class: 'form-error', role: 'alert' })
  const element = h('form', { class: 'write-form', id }, h('h2', {}, title), ...fields, h('button', { type: 'submit' }, button), error)
  element.addEventListener('submit', (event) => {
    event.preventDefault()
    error.textContent = ''
    action().catch((failure: Error) => (error.textContent = failure.message))
  })
  return element
}

const input = (name: string, type: string, autocomplete: string) => h('input', { name, type, autocomplete, required: true }) as HTMLInputElement

function signedOut(page: HTMLElement, mail: 'smtp' | 'outbox', done: () => void): void {
  const loginEmail = input('email', 'email', 'username')
  const loginPassword = input('password', 'password', 'current-password')
  const login = form('sign-in', 'Sign in', [field('Email', loginEmail), field('Password', loginPassword)], 'Sign in', async () => {
    await sendJson('POST', '/auth/login', { email: loginEmail.value, password: loginPassword.value })
    done()
  })
  const email = input('email', 'email', 'email')
  const password = input('password', 'password', 'new-password')
  const code = input('code', 'text', 'one-time-code')
  code.inputMode = 'numeric'
  const whereIsTheCode = h('p', { class: 'hint', id: 'code-hint' })
  const confirm = form('confirm-code', 'Enter the code we sent', [whereIsTheCode, field('Six-digit code', code)], 'Confirm and sign in', async () => {
    await sendJson('POST', '/auth/verify/confirm', { email: email.value, code: code.value.trim() })
    done()
  })
  confirm.hidden = true
  const register = form('register', 'Create an account', [field('Email', email), field('Password (at least 10 characters)', password)], 'Create account', async () => {
    // 201 with the user: signed in (the default); 202 without (REGISTER_CONCEALS_ACCOUNTS): the mailed code signs in.
    const registered = await sendJson<Partial<Me>>('POST', '/auth/register', { email: email.value, password: password.value })
    if (registered?.id) return done()
    // Without a mail server nothing is sent: say where whoever runs the server finds the code.
    whereIsTheCode.textContent =
      mail === 'smtp'
        ? `We sent a six-digit code to ${email.value}. It may take a minute; check your spam folder too.`
        : `This server has no mail server set up, so the code was not mailed: whoever runs it reads it with the command “openroles mail outbox” (it also lists the code's address). Codes expire after a few minutes.`
    confirm.hidden = false
    announce(whereIsTheCode.textContent)
    code.focus()
  })
  replaceChildren(page, h('h1', {}, 'Your account'), h('div', { class: 'account-forms' }, login, h('div', {}, register, confirm)))
}

async function signedIn(page: HTMLElement, me: Me, done: () => void): Promise<void> {
  const [searches, subscriptions, notifications] = await Promise.all([
    getJson<SavedSearch[]>('/me/searches?limit=100'),
    getJson<Subscription[]>('/me/subscriptions?limit=100'),
    getJson<Notification[]>('/me/notifications?limit=20'),
  ])
  const subscribed = new Map(subscriptions.data.map((s) => [s.saved_search_id, s]))
  const searchRows = searches.data.map((search) => {
    const subscription = subscribed.get(search.id)
    const toggle = h('button', { type: 'button', class: 'link-button digest-toggle' }, subscription?.active ? 'Stop the digest' : 'Get a digest')
    toggle.addEventListener('click', () => {
      const change = !subscription
        ? sendJson('POST', '/me/subscriptions', { saved_search_id: search.id })
        : sendJson('PATCH', `/me/subscriptions/${subscription.id}`, { active: !subscription.active })
      void change.then(done, (error: Error) => announce(error.message))
    })
    return h('li', { class: 'saved-search' }, h('a', { href: `/?${search.query}` }, search.name), ' ', toggle)
  })
  const unread = notifications.data.filter((n) => !n.read_at).length
  const readAll = h('button', { type: 'button', class: 'link-button', id: 'read-all' }, 'Mark all read')
  readAll.addEventListener('click', () => void sendJson('POST', '/me/notifications/read-all').then(done))
  const signOut = h('button', { type: 'button', class: 'link-button', id: 'sign-out' }, 'Sign out')
  signOut.addEventListener('click', () => void sendJson('POST', '/auth/logout').then(() => location.assign('/account')))
  replaceChildren(
    page,
    h('h1', {}, 'Your account'),
    h('p', {}, `Signed in as ${me.email}. `, signOut),
    h('h2', {}, 'Saved searches'),
    searchRows.length ? h('ul', { class: 'saved-searches' }, searchRows) : h('p', { class: 'hint' }, 'Save a search from the results page to get a digest of new matches.'),
    h('h2', {}, 'Browser notifications'),
    pushControl(),
    h('h2', {}, `Notifications${unread ? ` (${unread} unread)` : ''}`),
    unread ? readAll : null,
    notifications.data.length
      ? h(
          'ul',
          { class: 'notifications' },
          notifications.data.map((n) =>
            h(
              'li',
              { class: n.read_at ? 'notification' : 'notification unread' },
              h('p', { class: 'thread-title' }, n.title),
              h('p', { class: 'review-meta' }, n.body),
              h('ul', {}, n.jobs.filter((job) => job.public_slug).map((job) => h('li', {}, h('a', { href: `/jobs/${encodeURIComponent(job.public_slug!)}` }, `${job.title ?? job.public_slug} · ${job.company ?? ''}`)))),
            ),
          ),
        )
      : h('p', { class: 'hint' }, 'No notifications yet.'),
    accountSettings(me),
  )
}

export function renderAccountPage(page: HTMLElement): void {
  const show = () =>
    void currentSession().then(({ me, mail }) => {
      if (!me) signedOut(page, mail, () => location.assign('/account'))
      else signedIn(page, me, show).catch((error: Error) => replaceChildren(page, h('p', { role: 'alert' }, error.message)))
    })
  replaceChildren(page, h('p', { class: 'hint' }, 'Loading…'))
  show()
}

/** "Save this search" for a signed-in person on the results page: a name, then the saved search. */
export function saveSearchControl(params: () => URLSearchParams): HTMLElement {
  const name = h('input', { type: 'text', id: 'save-search-name', placeholder: 'Name this search', maxlength: '100' }) as HTMLInputElement
  const status = h('span', { class: 'hint', role: 'status' })
  const save = h('form', { class: 'save-search', hidden: true }, name, h('button', { type: 'submit' }, 'Save search'), status)
  save.addEventListener('submit', (event) => {
    event.preventDefault()
    const query = params().toString()
    sendJson('POST', '/me/searches', { name: name.value.trim() || 'My search', query }).then(
      () => (status.textContent = 'Saved. Get a digest of new matches on your account page.'),
      (error: Error) => (status.textContent = error.message),
    )
  })
  const prompt = signInPrompt('to save this search and get its new jobs by mail.')
  prompt.hidden = true
  void whoAmI().then((me) => {
    save.hidden = !me
    prompt.hidden = !!me
  })
  return h('div', { class: 'save-search-slot' }, save, prompt)
}
