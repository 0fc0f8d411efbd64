import { h } from './dom.ts'

const DEBOUNCE_MS = 120

export interface ComboboxOptions<T> {
  id: string
  label: string
  placeholder: string
  /** Options for the typed text; stale answers (the text changed meanwhile) are dropped. */
  load(text: string): Promise<T[]>
  renderOption(option: T): (Node | string)[]
  onPick(option: T): void
}

export interface Combobox {
  input: HTMLInputElement
  element: HTMLElement
  close(): void
}

/**
 * An ARIA 1.2 combobox with a list popup: typing loads options (debounced), arrow keys move
 * through them, Enter picks the highlighted one, Escape closes the list. Enter with nothing
 * highlighted is left to the surrounding form.
 */
export function createCombobox<T>(options: ComboboxOptions<T>): Combobox {
  const listId = `${options.id}-options`
  const input = h('input', {
    id: options.id,
    type: 'search',
    placeholder: options.placeholder,
    autocomplete: 'off',
    spellcheck: 'false',
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    'aria-controls': listId,
    'aria-label': options.label,
  })
  const list = h('ul', { id: listId, class: 'combobox-options', role: 'listbox', 'aria-label': options.label, hidden: true })
  let rows: T[] = []
  let active = -1
  let timer: ReturnType<typeof setTimeout> | undefined
  let requested = ''

  const highlight = (index: number) => {
    active = index
    for (const [i, option] of [...list.children].entries()) option.setAttribute('aria-selected', String(i === index))
    if (index >= 0) {
      input.setAttribute('aria-activedescendant', `${listId}-${index}`)
      list.children[index]?.scrollIntoView({ block: 'nearest' })
    } else input.removeAttribute('aria-activedescendant')
  }

  const show = (next: T[]) => {
    rows = next
    list.replaceChildren(
      ...next.map((row, index) =>
        h(
          'li',
          // mousedown would blur the input and close the list before the click lands.
          { id: `${listId}-${index}`, role: 'option', 'aria-selected': 'false', onmousedown: (event: Event) => event.preventDefault(), onclick: () => pick(index) },
          options.renderOption(row),
        ),
      ),
    )
    list.hidden = next.length === 0
    input.setAttribute('aria-expanded', String(next.length > 0))
    highlight(-1)
  }

  const close = () => {
    clearTimeout(timer)
    requested = ''
    show([])
  }

  const pick = (index: number) => {
    const row = rows[index]
    close()
    if (row === undefined) return
    input.value = ''
    options.onPick(row)
  }

  const load = async (text: string) => {
    requested = text
    if (!text.trim()) return show([])
    try {
      const next = await options.load(text)
      if (requested === text && document.activeElement === input) show(next)
    } catch {
      show([])
    }
  }

  input.addEventListener('input', () => {
    clearTimeout(timer)
    timer = setTimeout(() => void load(input.value), DEBOUNCE_MS)
  })
  input.addEventListener('keydown', (event) => {
    const open = !list.hidden && rows.length > 0
    if (event.key === 'ArrowDown' && open) highlight((active + 1) % rows.length)
    else if (event.key === 'ArrowUp' && open) highlight(active <= 0 ? rows.length - 1 : active - 1)
    else if (event.key === 'Escape' && open) close()
    else if (event.key === 'Enter' && open && active >= 0) pick(active)
    else return
    event.preventDefault()
  })
  input.addEventListener('blur', () => show([]))

  return { input, element: h('div', { class: 'combobox' }, input, list), close }
}
