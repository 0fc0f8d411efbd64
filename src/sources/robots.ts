/**
 * robots.txt as RFC 9309 reads it: the group naming our product token (else `*`), its Allow and
 * Disallow rules with `*` and `$` patterns, the longest match winning and Allow winning a tie.
 * Crawl-delay is not in the RFC but widely used; we honour it as a longer per-host pause.
 */
export interface RobotsRules {
  allows(pathAndQuery: string): boolean
  /** Seconds between requests the site asks for, when it says. */
  crawlDelaySeconds: number | null
}

interface Rule {
  allow: boolean
  pattern: string
  regex: RegExp
}

interface Group {
  agents: string[]
  rules: Rule[]
  crawlDelay: number | null
}

export const ALLOW_ALL: RobotsRules = { allows: () => true, crawlDelaySeconds: null }
export const DISALLOW_ALL: RobotsRules = { allows: () => false, crawlDelaySeconds: null }

function compile(pattern: string): RegExp {
  const anchored = pattern.endsWith('$')
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${body}${anchored ? '$' : ''}`)
}

function groupsOf(text: string): Group[] {
  const groups: Group[] = []
  let current: Group | null = null
  let lastWasAgent = false
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim()
    const colon = line.indexOf(':')
    if (colon < 0) continue
    const key = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    if (key === 'user-agent') {
      // Consecutive user-agent lines share one group.
      if (!current || !lastWasAgent) groups.push((current = { agents: [], rules: [], crawlDelay: null }))
      current.agents.push(value.toLowerCase())
      lastWasAgent = true
      continue
    }
    lastWasAgent = false
    if (!current) continue
    if ((key === 'allow' || key === 'disallow') && value) current.rules.push({ allow: key === 'allow', pattern: value, regex: compile(value) })
    else if (key === 'crawl-delay' && Number.isFinite(Number(value))) current.crawlDelay = Number(value)
  }
  return groups
}

/** The rules of a robots.txt body for a crawler whose product token is `token` (lowercase). */
export function parseRobots(text: string, token: string): RobotsRules {
  const groups = groupsOf(text)
  const own = groups.filter((g) => g.agents.some((a) => a !== '*' && token.startsWith(a)))
  const chosen = own.length ? own : groups.filter((g) => g.agents.includes('*'))
  const rules = chosen.flatMap((g) => g.rules)
  const delays = chosen.map((g) => g.crawlDelay).filter((d): d is number => d !== null)
  return {
    crawlDelaySeconds: delays.length ? Math.max(...delays) : null,
    allows(pathAndQuery) {
      let best: Rule | null = null
      for (const rule of rules) {
        if (!rule.regex.test(pathAndQuery)) continue
        if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow)) best = rule
      }
      return best ? best.allow : true
    },
  }
}
