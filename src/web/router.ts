/**
 * History-based navigation: links stay real links (open in a new tab works), same-origin page
 * links are handled in place, and the back button replays the URL, which holds the whole state.
 */
type RouteHandler = (url: URL) => void

let onRoute: RouteHandler = () => {}

interface PageState {
  scrollY?: number
}

export function startRouter(handler: RouteHandler): void {
  onRoute = handler
  history.scrollRestoration = 'manual'
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const link = (event.target as Element | null)?.closest?.('a')
    if (!link || link.target || link.hasAttribute('download') || link.origin !== location.origin) return
    if (!isPagePath(link.pathname)) return
    event.preventDefault()
    navigate(link.pathname + link.search)
  })
  window.addEventListener('popstate', () => onRoute(new URL(location.href)))
  onRoute(new URL(location.href))
}

function isPagePath(path: string): boolean {
  return path === '/' || path === '/insights' || path === '/moderation' || path === '/referrals' || path === '/board' || path === '/account' || ['/profile', '/profile/report', '/cvs', '/inbox'].includes(path) || /^\/(jobs|companies|cvs|lists)\/[^/]+$/.test(path)
}

/**
 * Goes to a page URL. Following a link starts at the top of the new page; `keepScroll` (changing a
 * filter) leaves the view where it is, so the control just used stays under the pointer.
 */
export function navigate(url: string, options: { keepScroll?: boolean } = {}): void {
  if (url === location.pathname + location.search) return
  history.replaceState({ ...(history.state as PageState | null), scrollY: window.scrollY }, '')
  history.pushState({}, '', url)
  if (!options.keepScroll) window.scrollTo(0, 0)
  onRoute(new URL(location.href))
}

/** After back/forward: the scroll position this history entry had, once its content is on screen. */
export function restoreScroll(): void {
  const saved = (history.state as PageState | null)?.scrollY
  if (typeof saved === 'number') window.scrollTo(0, saved)
}
