import type { DB } from '../db/connection.ts'

/**
 * Account preferences: the time zone (an IANA name the runtime's time-zone database knows, stored
 * in its canonical spelling) and the language (a code of LANGUAGES; stored only, no translated UI yet).
 */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'uk', 'ru', 'sv', 'da', 'nb', 'fi', 'cs', 'ro', 'tr', 'ja', 'zh', 'ko'] as const

/** The canonical IANA name of a time zone, or null when the runtime does not know it. */
export function canonicalTimezone(name: string): string | null {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return null
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

export function setTimezone(db: DB, userId: number, timezone: string, now: string): void {
  db.prepare('UPDATE users SET timezone = ?, updated_at = ? WHERE id = ?').run(timezone, now, userId)
}

export function setLanguage(db: DB, userId: number, language: string, now: string): void {
  db.prepare('UPDATE users SET language = ?, updated_at = ? WHERE id = ?').run(language, now, userId)
}
