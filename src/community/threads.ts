import type { DB } from '../db/connection.ts'
import { badRequest, conflict, notFound } from '../errors.ts'
import { AUTHOR_SQL, ensurePersona, personaJoin } from './persona.ts'
import { DAY, HOUR, spendCap } from '../plan/caps.ts'

/**
 * Discussion threads about a company or a posting, with nested replies. Listings page by an opaque
 * keyset cursor (the last id seen, base64url), so a page never shifts when new threads arrive.
 * State: open → closed (a moderator); closed threads leave listings and counts and refuse replies,
 * but stay readable by id.
 */
export const SUBJECT_TYPES = ['company', 'job'] as const
export type SubjectType = (typeof SUBJECT_TYPES)[number]
export const PAGE_SIZE = 30
export const TITLE_MAX_RUNES = 200
export const BODY_MAX_RUNES = 10000

interface ThreadRow {
  id: number
  subject_type: string
  subject_slug: string
  title: string
  body: string
  author: string
  reply_count: number
  status: string
  created_at: string
}

interface ReplyRow {
  id: number
  thread_id: number
  parent_id: number | null
  author: string
  body: string
  created_at: string
}

const THREAD_SELECT = `SELECT t.id, t.subject_type, t.subject_slug, t.title, t.body, ${AUTHOR_SQL} AS author, t.reply_count, t.status, t.created_at
  FROM threads t ${personaJoin('t')}`
const REPLY_SELECT = `SELECT r.id, r.thread_id, r.parent_id, ${AUTHOR_SQL} AS author, r.body, r.created_at FROM thread_replies r ${personaJoin('r')}`

/** The Thread and Reply objects of the API: the only places their rows become JSON. */
export const toThread = (row: ThreadRow) => ({
  id: row.id, subject_type: row.subject_type, subject_slug: row.subject_slug, title: row.title, body: row.body,
  author: row.author, reply_count: row.reply_count, status: row.status, created_at: row.created_at,
})
export const toReply = (row: ReplyRow) => ({ id: row.id, thread_id: row.thread_id, parent_id: row.parent_id ?? 0, author: row.author, body: row.body, created_at: row.created_at })

export function encodeCursor(id: number): string {
  return Buffer.from(`t${id}`).toString('base64url')
}

/** The id a cursor carries; 400 "invalid cursor" for anything this module did not write. */
export function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined
  const match = /^t(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  if (!match || encodeCursor(Number(match[1])) !== cursor) throw badRequest('invalid cursor')
  return Number(match[1])
}

/** Whether the subject exists: a company slug, or a posting's public slug. */
export function subjectExists(db: DB, type: SubjectType, slug: string): boolean {
  const sql = type === 'company' ? 'SELECT 1 FROM companies WHERE slug = ?' : 'SELECT 1 FROM jobs WHERE public_slug = ?'
  return db.prepare(sql).get(slug) !== undefined
}

/** Open threads of a subject, newest first, PAGE_SIZE per page. */
export function listThreads(db: DB, type: SubjectType, slug: string, cursor: string | undefined) {
  const before = decodeCursor(cursor) ?? Number.MAX_SAFE_INTEGER
  const rows = db
    .prepare(`${THREAD_SELECT} WHERE t.subject_type = ? AND t.subject_slug = ? AND t.status = 'open' AND t.id < ? ORDER BY t.id DESC LIMIT ?`)
    .all(type, slug, before, PAGE_SIZE + 1) as ThreadRow[]
  const page = rows.slice(0, PAGE_SIZE)
  return { items: page.map(toThread), nextCursor: rows.length > PAGE_SIZE ? encodeCursor(page[page.length - 1]!.id) : undefined }
}

/**
 * The newest open threads across every company and posting, each with the name of what it is
 * about (the company's name or the posting's title; null when that is gone), for a "recent
 * discussions" list.
 */
export function recentThreads(db: DB, limit: number) {
  const rows = db
    .prepare(
      `SELECT x.*, CASE x.subject_type WHEN 'company' THEN (SELECT name FROM companies WHERE slug = x.subject_slug) ELSE (SELECT title FROM jobs WHERE public_slug = x.subject_slug) END AS subject_name
       FROM (${THREAD_SELECT} WHERE t.status = 'open' ORDER BY t.id DESC LIMIT ?) x ORDER BY x.id DESC`,
    )
    .all(limit) as (ThreadRow & { subject_name: string | null })[]
  return rows.map((row) => ({ ...toThread(row), subject_name: row.subject_name }))
}

export function countThreads(db: DB, type: SubjectType, slug: string): number {
  return db.prepare("SELECT count(*) FROM threads WHERE subject_type = ? AND subject_slug = ? AND status = 'open'").pluck().get(type, slug) as number
}

/** A thread (open or closed) with a page of its replies, oldest first. */
export function getThread(db: DB, id: number, cursor: string | undefined) {
  const row = db.prepare(`${THREAD_SELECT} WHERE t.id = ?`).get(id) as ThreadRow | undefined
  if (!row) throw notFound('thread not found')
  const after = decodeCursor(cursor) ?? 0
  const rows = db.prepare(`${REPLY_SELECT} WHERE r.thread_id = ? AND r.id > ? ORDER BY r.id LIMIT ?`).all(id, after, PAGE_SIZE + 1) as ReplyRow[]
  const page = rows.slice(0, PAGE_SIZE)
  return { thread: toThread(row), replies: page.map(toReply), nextCursor: rows.length > PAGE_SIZE ? encodeCursor(page[page.length - 1]!.id) : undefined }
}

export interface NewThread {
  subjectType: SubjectType
  subjectSlug: string
  title: string
  body: string
}

export function createThread(db: DB, userId: number, input: NewThread, options: { now: Date; perDay: number }) {
  return db.transaction(() => {
    if (!subjectExists(db, input.subjectType, input.subjectSlug)) throw notFound('subject not found')
    spendCap(db, userId, { kind: 'thread', limit: options.perDay, windowSeconds: DAY, what: 'threads' }, options.now)
    const stamp = options.now.toISOString()
    ensurePersona(db, userId, stamp)
    const id = db
      .prepare('INSERT INTO threads (subject_type, subject_slug, user_id, title, body, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(input.subjectType, input.subjectSlug, userId, input.title, input.body, stamp).lastInsertRowid
    return toThread(db.prepare(`${THREAD_SELECT} WHERE t.id = ?`).get(id) as ThreadRow)
  })()
}

/** Adds a reply (top level, or under `parentId` of the same thread) and counts it on the thread. */
export function addReply(db: DB, userId: number, threadId: number, input: { body: string; parentId?: number }, options: { now: Date; perHour: number }) {
  return db.transaction(() => {
    const thread = db.prepare('SELECT status FROM threads WHERE id = ?').get(threadId) as { status: string } | undefined
    if (!thread) throw notFound('thread not found')
    if (thread.status !== 'open') throw conflict('thread is closed')
    const parentId = input.parentId ? input.parentId : null
    if (parentId !== null && !db.prepare('SELECT 1 FROM thread_replies WHERE id = ? AND thread_id = ?').get(parentId, threadId)) {
      throw notFound('parent reply not found')
    }
    spendCap(db, userId, { kind: 'reply', limit: options.perHour, windowSeconds: HOUR, what: 'replies' }, options.now)
    const stamp = options.now.toISOString()
    ensurePersona(db, userId, stamp)
    const id = db
      .prepare('INSERT INTO thread_replies (thread_id, parent_id, user_id, body, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(threadId, parentId, userId, input.body, stamp).lastInsertRowid
    db.prepare('UPDATE threads SET reply_count = reply_count + 1 WHERE id = ?').run(threadId)
    return toReply(db.prepare(`${REPLY_SELECT} WHERE r.id = ?`).get(id) as ReplyRow)
  })()
}

/** open → closed; closing a closed thread again changes nothing. */
export function closeThread(db: DB, threadId: number, now: Date) {
  const found = db.prepare('SELECT 1 FROM threads WHERE id = ?').get(threadId)
  if (!found) throw notFound('thread not found')
  db.prepare("UPDATE threads SET status = 'closed', closed_at = ? WHERE id = ? AND status = 'open'").run(now.toISOString(), threadId)
  return { id: threadId, status: 'closed' as const }
}
