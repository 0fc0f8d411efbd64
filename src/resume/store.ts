import type { DB } from '../db/connection.ts'
import { conflict } from '../errors.ts'
import type { Contacts } from './contacts-parse.ts'
import type { ResumeSource } from './document.ts'
import { parseResume, type StructuredResume } from './parse.ts'

/**
 * The stored résumé (one per user, in SQLite: the extracted text and its parse; the uploaded file
 * is not kept) and the contact fields the caller owns. Owned contacts override the parse field by
 * field; replacing from the CV resets them to what the parse found.
 */
export interface ResumeMeta {
  enabled: true
  present: boolean
  uploaded_at: string | null
  structured: StructuredResume | null
  structure_pending: false
  parse_status?: 'ready' | 'failed'
  parse_detail?: string
  contacts?: Contacts
}

interface ResumeRow {
  source: ResumeSource
  text: string
  structured: string | null
  parse_status: 'ready' | 'failed'
  parse_detail: string | null
  uploaded_at: string
}

const CONTACT_KEYS = ['full_name', 'email', 'phone', 'location', 'links'] as const

export function resumeRow(db: DB, userId: number): ResumeRow | undefined {
  return db.prepare('SELECT source, text, structured, parse_status, parse_detail, uploaded_at FROM resumes WHERE user_id = ?').get(userId) as ResumeRow | undefined
}

export function structuredOf(row: ResumeRow | undefined): StructuredResume | null {
  return row?.structured ? (JSON.parse(row.structured) as StructuredResume) : null
}

/** Replaces the résumé in one transaction; `afterStore` runs inside it (the experience bank import). */
export function storeResume(db: DB, userId: number, input: { source: ResumeSource; text: string }, now: Date, afterStore?: (structured: StructuredResume) => void): ResumeMeta {
  const parsed = parseResume(input.text, now)
  db.transaction(() => {
    db.prepare(
      `INSERT INTO resumes (user_id, source, text, structured, parse_status, parse_detail, uploaded_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET source = excluded.source, text = excluded.text, structured = excluded.structured,
         parse_status = excluded.parse_status, parse_detail = excluded.parse_detail, uploaded_at = excluded.uploaded_at`,
    ).run(userId, input.source, input.text, parsed.status === 'ready' ? JSON.stringify(parsed.structured) : null, parsed.status, parsed.status === 'failed' ? parsed.detail : null, now.toISOString())
    if (parsed.status === 'ready') afterStore?.(parsed.structured)
  })()
  return resumeMeta(db, userId)
}

export function deleteResume(db: DB, userId: number): void {
  db.prepare('DELETE FROM resumes WHERE user_id = ?').run(userId)
}

function ownedContacts(db: DB, userId: number): Contacts {
  const row = db.prepare('SELECT contacts FROM resume_contacts WHERE user_id = ?').get(userId) as { contacts: string } | undefined
  return row ? (JSON.parse(row.contacts) as Contacts) : {}
}

function extractedContacts(structured: StructuredResume | null): Contacts {
  const out: Contacts = {}
  if (!structured) return out
  for (const key of CONTACT_KEYS) if (structured[key] !== undefined) (out as Record<string, unknown>)[key] = structured[key]
  return out
}

/** The contacts served: each owned field wins over the one the parse found. */
export function effectiveContacts(db: DB, userId: number): Contacts {
  return { ...extractedContacts(structuredOf(resumeRow(db, userId))), ...ownedContacts(db, userId) }
}

export function resumeMeta(db: DB, userId: number): ResumeMeta {
  const row = resumeRow(db, userId)
  const owned = ownedContacts(db, userId)
  const structured = structuredOf(row)
  const meta: ResumeMeta = { enabled: true, present: !!row, uploaded_at: row?.uploaded_at ?? null, structured: structured ? { ...structured, ...owned } : null, structure_pending: false }
  if (row) {
    meta.parse_status = row.parse_status
    if (row.parse_detail) meta.parse_detail = row.parse_detail
  }
  const contacts = effectiveContacts(db, userId)
  if (Object.keys(contacts).length) meta.contacts = contacts
  return meta
}

/** Sets the given fields as owned (null releases one back to the parse); answers the contacts served. */
export function updateContacts(db: DB, userId: number, input: { [K in keyof Contacts]?: Contacts[K] | null }, now: Date): Contacts {
  db.transaction(() => {
    const owned = ownedContacts(db, userId) as Record<string, unknown>
    for (const key of CONTACT_KEYS) {
      if (input[key] === null) delete owned[key]
      else if (input[key] !== undefined) owned[key] = input[key]
    }
    saveOwned(db, userId, owned, now)
  })()
  return effectiveContacts(db, userId)
}

/** Resets the owned contacts to the current parse's (409 when there is none). */
export function replaceContactsFromCv(db: DB, userId: number, now: Date): Contacts {
  const structured = structuredOf(resumeRow(db, userId))
  if (!structured) throw conflict('no current structured résumé to copy contacts from')
  db.transaction(() => saveOwned(db, userId, { ...extractedContacts(structured) }, now))()
  return effectiveContacts(db, userId)
}

function saveOwned(db: DB, userId: number, owned: Record<string, unknown>, now: Date): void {
  db.prepare('INSERT INTO resume_contacts (user_id, contacts, updated_at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET contacts = excluded.contacts, updated_at = excluded.updated_at').run(
    userId,
    JSON.stringify(owned),
    now.toISOString(),
  )
}
