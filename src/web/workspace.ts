import { API_BASE, forgetReads, whoAmI, type Me } from './api.ts'
import { h, replaceChildren, type Child } from './dom.ts'

/**
 * Building blocks of the signed-in workspace pages (profile, CVs, inbox, account): the sign-in
 * prompt, sections, labelled fields and a status line that shows what an action did or why it failed.
 */

/** Where an action needs an account: a sentence with a sign-in link, never a raw "authentication required". */
export function signInPrompt(why: string): HTMLElement {
  return h('p', { class: 'sign-in-prompt' }, h('a', { href: '/account' }, 'Sign in'), ` ${why}`)
}

/** A signed-in page: visitors get the prompt; `render` fills the page, and its failure is shown in it. */
export function signedInPage(page: HTMLElement, title: string, why: string, render: (me: Me) => Promise<void>): void {
  document.title = `${title} · openroles`
  replaceChildren(page, h('h1', {}, title), h('p', { class: 'hint' }, 'Loading…'))
  void whoAmI().then((me) => {
    if (!me) return replaceChildren(page, h('h1', {}, title), signInPrompt(why))
    render(me).catch((error: Error) => page.append(h('p', { role: 'alert', class: 'form-error' }, error.message)))
  })
}

export function panel(id: string, title: string, ...children: Child[]): HTMLElement {
  return h('section', { class: 'panel', id, 'aria-labelledby': `${id}-title` }, h('h2', { id: `${id}-title` }, title), ...children)
}

/** A polite status line; `run` clears it, runs the action and shows `done` or the API's message. */
export function statusLine(): { element: HTMLElement; run: <T>(action: () => Promise<T>, done?: string | ((result: T) => string)) => Promise<boolean>; say: (text: string, failed?: boolean) => void } {
  const element = h('p', { class: 'status-line', role: 'status' })
  const say = (text: string, failed = false) => {
    element.textContent = text
    element.classList.toggle('failed', failed)
  }
  return {
    element,
    say,
    async run(action, done = 'Saved.') {
      say('')
      try {
        const result = await action()
        say(typeof done === 'function' ? done(result) : done)
        return true
      } catch (error) {
        say((error as Error).message, true)
        return false
      }
    },
  }
}

export function button(label: string, onclick: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
  const element = h('button', { type: 'button', ...attrs }, label)
  element.addEventListener('click', onclick)
  return element
}

export function textInput(name: string, value: string | number | null | undefined, attrs: Record<string, string | boolean> = {}): HTMLInputElement {
  const input = h('input', { name, type: 'text', ...attrs }) as HTMLInputElement
  input.value = value === null || value === undefined ? '' : String(value)
  return input
}

export function field(label: string, control: HTMLElement, hint?: string): HTMLElement {
  return h('label', { class: 'field' }, h('span', { class: 'field-label' }, label), control, hint ? h('span', { class: 'hint' }, hint) : null)
}

/** A yes / no / not answered select for a nullable boolean. */
export function yesNo(name: string, value: boolean | null | undefined): HTMLSelectElement {
  const select = h('select', { name }, h('option', { value: '' }, 'Not answered'), h('option', { value: 'yes' }, 'Yes'), h('option', { value: 'no' }, 'No')) as HTMLSelectElement
  select.value = value === true ? 'yes' : value === false ? 'no' : ''
  return select
}

export const yesNoValue = (select: HTMLSelectElement): boolean | null => (select.value === 'yes' ? true : select.value === 'no' ? false : null)

/** "a, b , c" → ['a', 'b', 'c'] */
export const commaList = (text: string): string[] => text.split(/[,\n]/).map((part) => part.trim()).filter(Boolean)

/** A form whose submit runs `action` through a status line (Enter submits, as in any form). */
export function actionForm(id: string, fields: HTMLElement[], label: string, action: () => Promise<unknown>, done = 'Saved.'): HTMLFormElement {
  const status = statusLine()
  const form = h('form', { class: 'write-form', id }, ...fields, h('div', { class: 'form-actions' }, h('button', { type: 'submit' }, label), status.element))
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void status.run(action, done)
  })
  return form
}

/** Sends a multipart form with upload progress (fetch has none): resolves with `data`, rejects with the API's message. */
export function uploadWithProgress<T>(method: string, path: string, form: FormData, progress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open(method, API_BASE + path)
    request.setRequestHeader('accept', 'application/json')
    request.responseType = 'json'
    request.upload.addEventListener('progress', (event) => event.lengthComputable && progress(event.loaded / event.total))
    request.addEventListener('load', () => {
      forgetReads()
      const body = request.response as { data?: T; error?: string } | null
      if (request.status >= 200 && request.status < 300) resolve(body?.data as T)
      else reject(new Error(body?.error ?? (request.status === 413 ? 'The file is too large.' : `upload failed (${request.status})`)))
    })
    request.addEventListener('error', () => reject(new Error('The upload was cut off: the file may be too large, or the connection dropped.')))
    request.send(form)
  })
}

export function formatBytes(bytes: number): string {
  return bytes >= 1048576 ? `${Math.round((bytes / 1048576) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}
