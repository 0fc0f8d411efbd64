import { getJson, sendJson, type Me } from './api.ts'
import { h, replaceChildren } from './dom.ts'
import { actionForm, button, field, formatDate, panel, statusLine, textInput } from './workspace.ts'

/**
 * The signed-in half of /account below the saved searches: API keys (the key shown once),
 * channels (Telegram, Discord, e-mail, push), plan and usage, signing out everywhere and
 * deleting the account.
 */
interface ApiKey {
  id: number
  name: string
  prefix: string
  created_at: string
  last_used_at: string | null
}
interface Allowance {
  feature: string
  used: number
  limit?: number
  unlimited: boolean
  enforced: boolean
}

const FEATURES: Record<string, string> = { match: 'Fit analyses', tailor: 'CV tailoring sessions', assistant: 'Assistant messages', dictation: 'Dictation' }

export function accountSettings(me: Me): HTMLElement {
  // Google's consent screen sends the person back here (GET /me/gmail/callback → /account?gmail=…).
  const gmail = new URLSearchParams(location.search).get('gmail')
  const notice = gmail
    ? h('p', { class: 'notice', role: 'status' }, gmail === 'connected' ? 'Gmail is connected: its application mail arrives in ' : 'Gmail was not connected. Try again from ', h('a', { href: '/inbox#mail-connections' }, 'your inbox'), '.')
    : null
  return h('div', { class: 'workspace' }, notice, apiKeys(), channels(), plan(), danger(me))
}

function lazy(load: (slot: HTMLElement) => Promise<void>): HTMLElement {
  const slot = h('div', {}, h('p', { class: 'hint' }, 'Loading…'))
  load(slot).catch((error: Error) => replaceChildren(slot, h('p', { class: 'form-error' }, error.message)))
  return slot
}

function apiKeys(): HTMLElement {
  const shown = h('div', { id: 'new-key', 'aria-live': 'polite' })
  // Outside the list, which is drawn again after each change: "Revoked." stays on screen.
  const status = statusLine()
  const slot = lazy(async function render(slot) {
    const { data } = await getJson<ApiKey[]>('/me/api-keys')
    const name = textInput('name', '', { required: true, maxlength: '100', placeholder: 'e.g. laptop script' })
    const create = actionForm('api-key-form', [field('Name', name)], 'Create key', async () => {
      const made = await sendJson<ApiKey & { key: string }>('POST', '/me/api-keys', { name: name.value.trim() })
      if (!made) return
      const value = textInput('key', made.key, { readonly: true, id: 'new-key-value', 'aria-label': 'Your new API key' })
      const copied = h('span', { class: 'hint', role: 'status' })
      replaceChildren(
        shown,
        h('p', { class: 'notice' }, 'Copy this key now: it is not shown again.'),
        h('div', { class: 'copy-row' }, value, button('Copy', () => void navigator.clipboard.writeText(made.key).then(() => (copied.textContent = 'Copied.'), () => { value.select(); copied.textContent = 'Select and copy it by hand.' }), { id: 'copy-key' }), copied),
      )
      await render(slot)
    }, 'Created.')
    replaceChildren(
      slot,
      data.length
        ? h('ul', { class: 'api-keys' }, data.map((key) => h('li', {}, h('strong', {}, key.name), h('code', {}, ` ${key.prefix}…`), h('span', { class: 'hint' }, ` created ${formatDate(key.created_at)}, ${key.last_used_at ? `last used ${formatDate(key.last_used_at)}` : 'never used'} `), button('Revoke', () => void status.run(() => sendJson('DELETE', `/me/api-keys/${key.id}`).then(() => render(slot)), 'Revoked.'), { class: 'link-button danger', 'aria-label': `Revoke ${key.name}` }))))
        : h('p', { class: 'hint' }, 'No keys. A key lets your scripts and the command line use the API as you: send it as “Authorization: Bearer <key>”.'),
      create,
    )
  })
  return panel('api-keys', 'API keys', shown, slot, status.element)
}

function channels(): HTMLElement {
  const status = statusLine()
  const slot = lazy(async function render(slot) {
    const [telegram, discord, settings] = await Promise.all([
      getJson<{ enabled: boolean; linked: boolean }>('/me/telegram'),
      getJson<{ enabled: boolean; linked: boolean }>('/me/discord'),
      getJson<{ enabled: boolean; channels: string[] }>('/me/notification-settings'),
    ])
    const linkOut = h('p', { class: 'notice', hidden: true })
    const chat = (name: string, path: string, state: { enabled: boolean; linked: boolean }) =>
      h(
        'li',
        {},
        h('strong', {}, name),
        ': ',
        !state.enabled
          ? h('span', { class: 'hint' }, 'not set up on this server.')
          : state.linked
            ? [h('span', {}, 'linked. '), button('Unlink', () => void status.run(() => sendJson('DELETE', path).then(() => render(slot)), 'Unlinked.'), { class: 'link-button' })]
            : button(`Link ${name}`, () => void status.run(async () => {
                const link = await sendJson<{ url?: string; token?: string; instructions?: string }>('POST', `${path}/link`)
                linkOut.hidden = false
                replaceChildren(linkOut, link?.url ? h('a', { href: link.url, target: '_blank', rel: 'noopener' }, `Open ${name} to finish linking`) : (link?.instructions ?? ''), ' (valid for a few minutes)')
              }, ''), { class: 'link-button' }),
      )
    const boxes = ['email', 'telegram', 'discord', 'push'].map((channel) => h('input', { type: 'checkbox', name: 'channel', value: channel, checked: settings.data.channels.includes(channel) }) as HTMLInputElement)
    const enabled = h('input', { type: 'checkbox', name: 'enabled', checked: settings.data.enabled }) as HTMLInputElement
    replaceChildren(
      slot,
      h('ul', { class: 'channels' }, chat('Telegram', '/me/telegram', telegram.data), chat('Discord', '/me/discord', discord.data)),
      linkOut,
      actionForm(
        'channel-settings',
        [h('label', { class: 'check' }, enabled, ' Send me notifications'), h('fieldset', { class: 'choices' }, h('legend', {}, 'Through'), boxes.map((box) => h('label', {}, box, ` ${box.value === 'push' ? 'Browser push' : box.value === 'email' ? 'E-mail' : box.value[0].toUpperCase() + box.value.slice(1)}`)))],
        'Save',
        () => sendJson('PUT', '/me/notification-settings', { enabled: enabled.checked, channels: boxes.filter((box) => box.checked).map((box) => box.value) }),
      ),
    )
  })
  return panel('channels', 'Channels', h('p', { class: 'hint' }, 'Where digests and alerts reach you. Browser push is switched on for this browser above.'), slot, status.element)
}

function plan(): HTMLElement {
  const slot = lazy(async (slot) => {
    const [current, usage] = await Promise.all([
      getJson<{ plan: string; resets_at: string; pro_until?: string; allowances: Allowance[] }>('/me/plan'),
      getJson<{ requests: number; tokens: number; period: string }>('/me/usage'),
    ])
    replaceChildren(
      slot,
      h('p', {}, 'Plan: ', h('strong', { id: 'plan-name' }, current.data.plan), current.data.pro_until ? ` until ${formatDate(current.data.pro_until)}` : '', `. Allowances reset ${formatDate(current.data.resets_at)}.`),
      h(
        'table',
        { class: 'report-table' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Today'), h('th', { scope: 'col' }, 'Used'), h('th', { scope: 'col' }, 'Allowed'))),
        h('tbody', {}, current.data.allowances.map((a) => h('tr', {}, h('th', { scope: 'row' }, FEATURES[a.feature] ?? a.feature), h('td', {}, String(a.used)), h('td', {}, a.unlimited ? 'Unlimited' : `${a.limit ?? 0}${a.enforced ? '' : ' (not enforced)'}`)))),
      ),
      h('p', { class: 'hint' }, `Language model use this period (${usage.data.period}): ${usage.data.requests} requests, ${usage.data.tokens} tokens.`),
    )
  })
  return panel('plan', 'Plan and usage', slot)
}

function danger(me: Me): HTMLElement {
  const status = statusLine()
  const confirmEmail = textInput('email', '', { type: 'email', autocomplete: 'off', placeholder: me.email })
  const remove = actionForm('delete-account', [field(`To delete your account and everything it keeps, type its address (${me.email})`, confirmEmail)], 'Delete my account', async () => {
    if (confirmEmail.value.trim().toLowerCase() !== me.email.toLowerCase()) throw new Error('That is not your account’s address.')
    await sendJson('DELETE', '/me', { email: confirmEmail.value.trim() })
    location.assign('/')
  })
  remove.classList.add('danger-zone')
  return panel(
    'account-security',
    'Sessions and account',
    h('p', {}, button('Sign out everywhere', () => void status.run(() => sendJson('POST', '/auth/logout-all').then(() => location.assign('/account')), ''), { id: 'sign-out-all', class: 'secondary' }), h('span', { class: 'hint' }, ' Ends every browser and extension session, this one too. API keys keep working.')),
    status.element,
    h('details', {}, h('summary', {}, 'Delete the account'), remove),
  )
}
