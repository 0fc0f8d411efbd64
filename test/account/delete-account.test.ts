import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'
import { listOutbox } from '../../src/mail/outbox.ts'
import { json } from './mail-codes.ts'

test('DELETE /me removes the account with its sessions, keys and mail; the email can register again', async () => {
  const { call, db } = createTestApp()
  const user = await signUp(call)
  const other = await signUp(call)
  const key = await createApiKey(call, user.cookie)

  const byKey = await call('/api/v1/me', { method: 'DELETE', headers: bearerHeaders(key) })
  assert.equal(byKey.status, 401, 'session only: a key cannot delete the account')

  const deleted = await call('/api/v1/me', { method: 'DELETE', headers: sessionHeaders(user.cookie) })
  assert.equal(deleted.status, 204)
  assert.match(deleted.headers.getSetCookie().join(), /openroles_session=;/)

  assert.equal((await call('/api/v1/auth/me', { headers: sessionHeaders(user.cookie) })).status, 401)
  assert.equal((await call('/api/v1/auth/me', { headers: bearerHeaders(key) })).status, 401)
  for (const table of ['sessions', 'api_keys', 'account_codes']) {
    const count = db.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`).get(user.userId) as { n: number }
    assert.equal(count.n, 0, table)
  }
  assert.deepEqual(listOutbox(db, { recipient: user.email, limit: 10 }), [])
  assert.equal((await call('/api/v1/auth/me', { headers: sessionHeaders(other.cookie) })).status, 200, 'other accounts untouched')

  const login = await call('/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: json({ email: user.email, password: user.password }) })
  assert.equal(login.status, 401)
  const again = await call('/api/v1/auth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: json({ email: user.email, password: user.password }) })
  assert.equal(again.status, 201)
  const relogin = await call('/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: json({ email: user.email, password: user.password }) })
  assert.equal(relogin.status, 200, 'the email was free again: a new account was created')
})

test('every table that references users deletes its rows with the account (ON DELETE CASCADE), except what stays readable under [deleted]', () => {
  const { db } = createTestApp()
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]
  const references = tables.flatMap((table) =>
    (db.prepare(`PRAGMA foreign_key_list(${JSON.stringify(table)})`).all() as { table: string; from: string; on_delete: string }[])
      .filter((fk) => fk.table === 'users')
      .map((fk) => ({ table, column: fk.from, onDelete: fk.on_delete })),
  )
  assert.ok(references.length >= 5)
  // Community content outlives its author (docs/community.md), and a referral request keeps its
  // state when the referrer who handled it leaves: these columns become NULL instead.
  const keptOnDelete = ['company_feedback.user_id', 'threads.user_id', 'thread_replies.user_id', 'referral_requests.resolved_by']
  assert.deepEqual(
    references.filter((ref) => ref.onDelete !== 'CASCADE').map((ref) => `${ref.table}.${ref.column}`).sort(),
    [...keptOnDelete].sort(),
    'tables referencing users without ON DELETE CASCADE',
  )
  for (const ref of references.filter((r) => r.onDelete === 'SET NULL')) {
    const column = (db.prepare(`PRAGMA table_info(${JSON.stringify(ref.table)})`).all() as { name: string; notnull: number }[]).find((c) => c.name === ref.column)
    assert.equal(column?.notnull, 0, `${ref.table}.${ref.column} can become NULL`)
  }
})
