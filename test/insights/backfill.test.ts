import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { openDatabase } from '../../src/db/connection.ts'
import { createApp, createContext } from '../../src/app.ts'
import { defaultConfig } from '../../src/config.ts'
import { inProcessCaller } from '../helpers/app.ts'

// A database written by release 1 (no rollup) gets its history backfilled from created_at / closed_at.
test('after an upgrade, the history is backfilled from first-seen and closing dates', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'openroles-backfill-')), 'old.db')
  const old = new Database(path)
  old.exec(readFileSync(join(import.meta.dirname, '../db/fixtures/release-1.sql'), 'utf8'))
  // Close a few postings on known days, as release 1 would have.
  old.exec("UPDATE jobs SET closed_at = '2026-10-02T08:00:00.000Z' WHERE id IN (SELECT id FROM jobs ORDER BY id LIMIT 3)")
  const expected = old
    .prepare(
      `SELECT day, sum(added) AS added, sum(removed) AS removed FROM (
         SELECT substr(created_at, 1, 10) AS day, 1 AS added, 0 AS removed FROM jobs
         UNION ALL SELECT substr(closed_at, 1, 10), 0, 1 FROM jobs WHERE closed_at IS NOT NULL)
       GROUP BY day ORDER BY day`,
    )
    .all() as { day: string; added: number; removed: number }[]
  const open = old.prepare('SELECT count(*) FROM jobs WHERE closed_at IS NULL').pluck().get() as number
  old.close()
  assert.ok(expected.length >= 2 && expected.some((row) => row.removed === 3))

  const db = openDatabase(path)
  const ctx = createContext(defaultConfig(), db)
  const call = inProcessCaller(createApp(ctx))
  const from = expected[0]!.day
  const to = expected[expected.length - 1]!.day
  const velocity = await call(`/api/v1/insights/velocity?from=${from}&to=${to}`)
  assert.equal(velocity.status, 200)
  assert.deepEqual(velocity.body.data.filter((p: any) => p.added || p.removed).map((p: any) => ({ day: p.period, added: p.added, removed: p.removed })), expected)
  const companies = await call('/api/v1/insights/companies?min_open=0&limit=200&sort=open')
  assert.equal(companies.body.data.reduce((sum: number, row: any) => sum + row.open_now, 0), open)
  await ctx.close?.()
  db.close()
})
