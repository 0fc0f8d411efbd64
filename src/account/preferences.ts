import type { DB } from '../db/connection.ts'

/**
 * Account preferences: the time zone (an IANA name the runtime's time-zone database knows, stored
 * in its canonical spelling) and the language (a code of LANGUAGES; stored only, no translated UI yet).
 */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'uk', 'ru', 'sv', 'da', 'nb', 'fi', 'cs', 'ro', 'tr', 'ja', 'zh', 'ko'] as const

/**
 * The time zone name to store, or null when the runtime's tz database does not know it. A link
 * name (US/Pacific, Asia/Calcutta) is kept as sent rather than replaced by the zone it points to:
 * the user chose it, and the reference service stores it as given. Only a name that differs from
 * its zone's in letter case takes the database's spelling (asia/tokyo → Asia/Tokyo).
 */
export function knownTimezone(name: string): string | null {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return null
  let canonical: string
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone
  } catch {
    return null
  }
  return canonical.toLowerCase() === name.toLowerCase() ? canonical : name
}

export function setTimezone(db: DB, userId: number, timezone: string, now: string): void {
  db.prepare('UPDATE users SET timezone = ?, updated_at = ? WHERE id = ?').run(timezone, now, userId)
}

export function setLanguage(db: DB, userId: number, language: string, now: string): void {
  db.prepare('UPDATE users SET language = ?, updated_at = ? WHERE id = ?').run(language, now, userId)
}
