import type { DB } from '../db/connection.ts'

/**
 * Links a job seeker handed in that the catalogue does not hold yet (POST /me/jd/resolve with a
 * url): kept as `pending` contributions for an import to pick up, listed by GET /me/contributions.
 * The ATS and the employer's board on it are read from the URL.
 */
const ATS_BY_PATH: [RegExp, string][] = [
  [/^(?:boards|job-boards)(?:\.eu)?\.greenhouse\.io$/, 'greenhouse'],
  [/^jobs(?:\.eu)?\.lever\.co$/, 'lever'],
  [/^jobs\.ashbyhq\.com$/, 'ashby'],
  [/^apply\.workable\.com$/, 'workable'],
  [/^jobs\.smartrecruiters\.com$/, 'smartrecruiters'],
]
const ATS_BY_SUBDOMAIN: [RegExp, string][] = [
  [/^([a-z0-9-]+)\.recruitee\.com$/, 'recruitee'],
  [/^([a-z0-9-]+)\.teamtailor\.com$/, 'teamtailor'],
  [/^([a-z0-9-]+)\.bamboohr\.com$/, 'bamboohr'],
  [/^([a-z0-9-]+)\.breezy\.hr$/, 'breezy'],
  [/^([a-z0-9-]+)\.jobs\.personio\.(?:de|com)$/, 'personio'],
  [/^([a-z0-9-]+)\.(?:wd\d+\.)?myworkdayjobs\.com$/, 'workday'],
]

/** The ATS (or the site's host) and the employer's board named by a posting URL. */
export function sourceOfUrl(url: URL): { source: string; board: string | null } {
  const host = url.hostname.toLowerCase().replace(/^www\./, '')
  for (const [pattern, source] of ATS_BY_PATH) {
    if (pattern.test(host)) return { source, board: url.pathname.split('/').filter(Boolean)[0]?.toLowerCase() ?? null }
  }
  for (const [pattern, source] of ATS_BY_SUBDOMAIN) {
    const match = pattern.exec(host)
    if (match) return { source, board: match[1]! }
  }
  return { source: host, board: null }
}

export function recordContribution(db: DB, userId: number, url: URL, surface: string, now: Date): void {
  const { source, board } = sourceOfUrl(url)
  db.prepare("INSERT INTO contributions (user_id, url, source, board, status, surface, created_at) VALUES (?, ?, ?, ?, 'pending', ?, ?)").run(
    userId, url.toString(), source, board, surface, now.toISOString(),
  )
}

/** Links the user handed in since `since` (the hourly budget of the URL branch). */
export function contributionsSince(db: DB, userId: number, since: Date): number {
  return db.prepare('SELECT count(*) FROM contributions WHERE user_id = ? AND created_at > ?').pluck().get(userId, since.toISOString()) as number
}

export function listContributions(db: DB, userId: number) {
  return db
    .prepare('SELECT id, url, source, board, status, surface, created_at FROM contributions WHERE user_id = ? ORDER BY id DESC')
    .all(userId) as { id: number; url: string; source: string; board: string | null; status: 'pending' | 'review'; surface: string; created_at: string }[]
}
