import { test } from 'node:test'
import assert from 'node:assert/strict'
import Database from 'better-sqlite3'
import { openDatabase } from '../../src/db/connection.ts'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig } from '../../src/config.ts'
import { createTestApp, fixtureJob, inProcessCaller } from '../helpers/app.ts'
import { closeJob } from '../../src/catalogue/job-store.ts'
import { release1File } from '../db/release-1.ts'

// A database written by release 1 (no rollup) gets its history backfilled from created_at / closed_at.
test('after an upgrade, the history is backfilled from first-seen and closing dates', async () => {
  const path = release1File()
  const old = new Database(path)
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

// A long history built at once, then a few days changed: the rollup must agree with counts the test
// derives from its own postings, growth included.
test('a long history and the day-by-day updates after it agree with the postings', async () => {
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 10)).toISOString()
  const jobs = Array.from({ length: 120 }, (_, i) =>
    fixtureJob({
      company: { slug: `co-${i % 7}`, name: `Company ${i % 7}` },
      category: i % 3 ? 'backend' : 'frontend', seniority: i % 2 ? 'senior' : 'junior', countries: [i % 4 ? 'de' : 'fr'],
      skills: [{ slug: i % 5 ? 'go' : 'rust', name: 'x' }], createdAt: day(i), closedAt: i % 6 === 0 ? day(i + 20) : null,
    }))
  const { get, ctx, db } = createTestApp({ jobs })
  ctx.now = () => new Date(day(150))
  const expectedDays = (rows: { created: number; closed: number | null }[]) => {
    const perDay = new Map<string, { added: number; removed: number }>()
    const bump = (n: number, key: 'added' | 'removed') => {
      const d = day(n).slice(0, 10)
      const entry = perDay.get(d) ?? { added: 0, removed: 0 }
      entry[key] += 1
      perDay.set(d, entry)
    }
    for (const row of rows) {
      bump(row.created, 'added')
      if (row.closed !== null) bump(row.closed, 'removed')
    }
    return [...perDay.entries()].sort().map(([period, counts]) => ({ period, ...counts }))
  }
  const history = jobs.map((_, i) => ({ created: i, closed: i % 6 === 0 ? i + 20 : null as number | null }))
  const active = async () => (await get(`/api/v1/insights/velocity?from=${day(0).slice(0, 10)}&to=${day(150).slice(0, 10)}`)).body.data.filter((p: any) => p.added || p.removed)
  assert.deepEqual(await active(), expectedDays(history))
  const companyTotal = async () => (await get('/api/v1/insights/companies?min_open=0&sort=open')).body.data.reduce((sum: number, c: any) => sum + c.open_now, 0)
  assert.equal(await companyTotal(), history.filter((row) => row.closed === null).length)
  // Then a few days change: closing two postings on day 140 goes day by day.
  const ids = db.prepare('SELECT id FROM jobs WHERE closed_at IS NULL ORDER BY id LIMIT 2').pluck().all() as number[]
  db.transaction(() => ids.forEach((id) => closeJob(db, id, day(140))))()
  history.filter((row) => row.closed === null).slice(0, 2).forEach((row) => (row.closed = 140))
  assert.deepEqual(await active(), expectedDays(history))
  assert.equal(await companyTotal(), history.filter((row) => row.closed === null).length)
  const growth = (await get('/api/v1/insights/roles?sort=open&limit=200')).body.data.reduce((sum: number, r: any) => sum + r.growth, 0)
  // The window day is day 120: summed over every role, growth is open now minus open then.
  const openAt = (n: number) => history.filter((row) => row.created <= n && (row.closed === null || row.closed > n)).length
  assert.equal(growth, openAt(150) - openAt(120))
})
