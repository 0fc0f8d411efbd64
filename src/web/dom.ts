/** A tiny element builder: the page is small enough that a view library would not pay for itself. */
export type Child = Node | string | number | null | undefined | false | Child[]
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue
    if (typeof value === 'function') element.addEventListener(name.replace(/^on/, ''), value)
    else if (value === true) element.setAttribute(name, '')
    else element.setAttribute(name, String(value))
  }
  append(element, children)
  return element
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (Array.isArray(child)) {
      append(parent, child)
      continue
    }
    if (child === null || child === undefined || child === false) continue
    parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child)
  }
}

/** Replaces an element's children, keeping keyboard focus on the element with the same id if it is re-created. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  const focusedId = parent.contains(document.activeElement) ? document.activeElement?.id : undefined
  parent.replaceChildren()
  append(parent, children)
  if (focusedId) document.getElementById(focusedId)?.focus({ preventScroll: true })
}

/** Announces a short message to screen readers through the page's live region. */
export function announce(message: string): void {
  const region = document.getElementById('live-region')
  if (region) region.textContent = message
}
