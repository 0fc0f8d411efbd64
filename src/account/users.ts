import type { DB } from '../db/connection.ts'

export type Role = 'user' | 'moderator'

export interface User {
  id: number
  email: string
  passwordHash: string | null
  role: Role
  emailVerifiedAt: string | null
  createdAt: string
  updatedAt: string
  timezone: string | null
  language: string
}

interface UserRow {
  id: number
  email: string
  password_hash: string | null
  role: Role
  email_verified_at: string | null
  created_at: string
  updated_at: string
  timezone: string | null
  language: string
}

const fromRow = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  role: row.role,
  emailVerifiedAt: row.email_verified_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  timezone: row.timezone,
  language: row.language,
})

/** Emails are compared trimmed and lowercased; that is also how they are stored. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

/**
 * The account as the API shows it: never the password hash. openroles runs no beta programme and
 * leaves onboarding to its clients, so beta_tester is false and onboarding_completed_at null.
 */
export function toUserJson(user: User) {
  return {
    id: user.id,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    role: user.role,
    beta_tester: false,
    has_password: user.passwordHash !== null,
    created_at: user.createdAt,
    timezone: user.timezone,
    language: user.language,
    onboarding_completed_at: null,
  }
}

export function findUserById(db: DB, id: number): User | null {
  const row = db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined
  return row ? fromRow(row) : null
}

export function findUserByEmail(db: DB, email: string): User | null {
  const row = db.prepare('SELECT * FROM users WHERE email = ?').get(normalizeEmail(email)) as UserRow | undefined
  return row ? fromRow(row) : null
}

/** Inserts an account; null when the email is taken. */
export function insertUser(
  db: DB,
  input: { email: string; passwordHash: string | null; emailVerifiedAt?: string | null; now: string },
): User | null {
  const result = db
    .prepare(
      `INSERT INTO users (email, password_hash, email_verified_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (email) DO NOTHING`,
    )
    .run(normalizeEmail(input.email), input.passwordHash, input.emailVerifiedAt ?? null, input.now, input.now)
  return result.changes ? findUserById(db, Number(result.lastInsertRowid)) : null
}

export function updatePasswordHash(db: DB, userId: number, passwordHash: string, now: string): void {
  db.prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?').run(passwordHash, now, userId)
}

export function markEmailVerified(db: DB, userId: number, now: string): void {
  db.prepare('UPDATE users SET email_verified_at = coalesce(email_verified_at, ?), updated_at = ? WHERE id = ?').run(now, now, userId)
}

export function setRole(db: DB, userId: number, role: Role, now: string): void {
  db.prepare('UPDATE users SET role = ?, updated_at = ? WHERE id = ?').run(role, now, userId)
}

/** Deletes the account; every table holding its data cascades from users(id). */
export function deleteUserRow(db: DB, userId: number): void {
  db.prepare('DELETE FROM users WHERE id = ?').run(userId)
}

/** Accounts for moderators, newest first, optionally filtered by an email substring. */
export function listUsers(db: DB, options: { emailContains?: string; limit: number; offset: number }): { users: User[]; total: number } {
  const where = options.emailContains ? "WHERE email LIKE '%' || ? || '%' ESCAPE '\\'" : ''
  const args = options.emailContains ? [options.emailContains.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)] : []
  const total = (db.prepare(`SELECT count(*) AS n FROM users ${where}`).get(...args) as { n: number }).n
  const rows = db.prepare(`SELECT * FROM users ${where} ORDER BY id DESC LIMIT ? OFFSET ?`).all(...args, options.limit, options.offset) as UserRow[]
  return { users: rows.map(fromRow), total }
}
