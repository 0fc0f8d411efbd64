import { test } from 'node:test'
import assert from 'node:assert/strict'
import Database from 'better-sqlite3'
import { openDatabase } from '../../src/db/connection.ts'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig } from '../../src/config.ts'
import { inProcessCaller } from '../helpers/app.ts'
import { release1File } from './release-1.ts'

// Migrations 5 (community) and 10 (referrals) rebuild company_feedback and referral_offers: rows a
// release-1 file holds in them come through, in the new shape.

test('release-1 reviews and referral offers survive the rebuilds: reviews typed "other" and signed, offers with UUIDs, withdrawn ones dropped', async () => {
  const path = release1File()
  const old = new Database(path)
  const company = old.prepare('SELECT id, slug FROM companies ORDER BY id LIMIT 1').get() as { id: number; slug: string }
  const [first, second] = old.prepare('SELECT id FROM users ORDER BY id LIMIT 2').pluck().all() as number[]
  assert.ok(first !== undefined, 'the fixture has a user')
  old.prepare("INSERT INTO company_feedback (company_id, user_id, rating, body, created_at, updated_at) VALUES (?, ?, 4, 'Fine place.', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')").run(company.id, first)
  old.prepare("INSERT INTO referral_offers (company_id, user_id, status, created_at, decided_at) VALUES (?, ?, 'approved', '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z')").run(company.id, first)
  old.prepare("INSERT INTO referral_offers (company_id, user_id, status, created_at) VALUES (?, ?, 'withdrawn', '2026-01-01T00:00:00.000Z')").run(company.id, second ?? first)
  old.close()

  const db = openDatabase(path)
  const offers = db.prepare('SELECT id, status, decided_at FROM referral_offers').all() as { id: string; status: string; decided_at: string }[]
  assert.equal(offers.length, 1)
  assert.match(offers[0]!.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  assert.deepEqual([offers[0]!.status, offers[0]!.decided_at], ['approved', '2026-01-02T00:00:00.000Z'])
  const ctx = createContext(defaultConfig(), db)
  const call = inProcessCaller(createApp(ctx))
  const reviews = await call(`/api/v1/companies/${company.slug}/feedback`)
  assert.equal(reviews.status, 200)
  assert.deepEqual(reviews.body.data.map((r: any) => [r.rating, r.feedback_type, r.body]), [[4, 'other', 'Fine place.']])
  assert.match(reviews.body.data[0].author, /^[a-z]+-[a-z]+-[1-9]\d$/, 'its author got a persona')
  const detail = await call(`/api/v1/companies/${company.slug}`)
  assert.equal(detail.body.data.referral_available, true)
  assert.equal(detail.body.data.company.feedback_count, 1)
  await ctx.close?.()
})
