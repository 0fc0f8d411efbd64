/**
 * What a posting URL of a known applicant-tracking system says by itself: the ATS (the `source`),
 * the employer's board name and, where the ATS puts it in the path, the title. No network fetch:
 * prefill must answer at once and never make the server fetch arbitrary URLs.
 */
export interface AtsFacts {
  source: string
  company?: string
  title?: string
}

interface Pattern {
  source: string
  /** Matched against `host + pathname` (host lowercased, no `www.`). */
  re: RegExp
}

// Named groups: `board` (employer), `title` (slugged title) when the URL carries it.
const PATTERNS: Pattern[] = [
  { source: 'greenhouse', re: /^(?:job-boards|boards)(?:\.eu)?\.greenhouse\.io\/(?<board>[\w-]+)\/jobs\/\d+/ },
  { source: 'lever', re: /^jobs(?:\.eu)?\.lever\.co\/(?<board>[\w.-]+)\/[0-9a-f-]{36}/ },
  { source: 'ashby', re: /^jobs\.ashbyhq\.com\/(?<board>[^/]+)\/[0-9a-f-]{36}/ },
  { source: 'workable', re: /^apply\.workable\.com\/(?<board>[\w-]+)\/j\/[0-9A-F]+/i },
  { source: 'workable', re: /^(?<board>[\w-]+)\.workable\.com\/(?:jobs|j)\/\w+/ },
  { source: 'smartrecruiters', re: /^jobs\.smartrecruiters\.com\/(?<board>[\w-]+)\/\d+-(?<title>[\w-]+)/ },
  { source: 'recruitee', re: /^(?<board>[\w-]+)\.recruitee\.com\/o\/(?<title>[\w-]+)/ },
  { source: 'personio', re: /^(?<board>[\w-]+)\.jobs\.personio\.(?:de|com)\/job\/\d+/ },
  { source: 'bamboohr', re: /^(?<board>[\w-]+)\.bamboohr\.com\/(?:careers|jobs)\/\d+/ },
  { source: 'breezy', re: /^(?<board>[\w-]+)\.breezy\.hr\/p\/[0-9a-f]+-(?<title>[\w-]+)/ },
  { source: 'teamtailor', re: /^(?<board>[\w-]+)\.teamtailor\.com\/jobs\/\d+-(?<title>[\w-]+)/ },
  { source: 'workday', re: /^(?<board>[\w-]+)\.wd\d+\.myworkdayjobs\.com\/(?:[\w-]+\/)?[\w-]+\/job\/[^/]+\/(?<title>[\w-]+?)_[\w-]+$/ },
]

const UPPER = new Set(['ai', 'api', 'aws', 'qa', 'ui', 'ux', 'ml', 'sre', 'it', 'hr', 'io', 'gcp', 'ios', 'bi', 'cto', 'vp'])

/** "acme-corp" → "Acme Corp", "senior-ml-engineer" → "Senior ML Engineer". */
export function humanizeSlug(slug: string): string {
  return decodeURIComponent(slug)
    .split(/[-_.\s]+/)
    .filter(Boolean)
    .map((word) => (UPPER.has(word.toLowerCase()) ? word.toUpperCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase()))
    .join(' ')
}

export function atsFactsOf(rawUrl: string): AtsFacts | null {
  let url: URL
  try {
    url = new URL(rawUrl)
  } catch {
    return null
  }
  // Greenhouse's embedded board names the board and the posting in the query.
  const host = url.hostname.toLowerCase().replace(/^www\./, '')
  if (/^boards(?:\.eu)?\.greenhouse\.io$/.test(host) && url.pathname === '/embed/job_app' && url.searchParams.get('for') && url.searchParams.get('token')) {
    return { source: 'greenhouse', company: humanizeSlug(url.searchParams.get('for')!) }
  }
  const target = host + url.pathname.replace(/\/+$/, '')
  for (const { source, re } of PATTERNS) {
    const groups = re.exec(target)?.groups
    if (!groups) continue
    return { source, company: humanizeSlug(groups.board!), ...(groups.title ? { title: humanizeSlug(groups.title) } : {}) }
  }
  return null
}
