import { test } from 'node:test'
import assert from 'node:assert/strict'
import { communityApp, PERSONA } from './community-fixture.ts'

// Company reviews through HTTP: auth rules, validation, upsert per type, caps, reports and hiding.

test('a signed-in person reviews a company; the review, its author and the company counters follow at once', async () => {
  const { call, person, withKey } = communityApp()
  const alice = await person()
  const anonymous = await call('/api/v1/companies/acme/feedback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
  assert.equal(anonymous.status, 401)
  const byKey = await (await withKey(alice.cookie))('POST', '/companies/acme/feedback', { rating: 5, feedback_type: 'culture', body: 'Kind people.' })
  assert.equal(byKey.status, 401, 'reviews are written from the browser session only')

  const created = await alice.send('POST', '/companies/acme/feedback', { rating: 4, feedback_type: 'culture', body: '<b>Kind</b> people & "fair" pay' })
  assert.equal(created.status, 201)
  assert.match(created.body.data.author, PERSONA)
  assert.equal(created.body.data.body, '<b>Kind</b> people & "fair" pay', 'plain text is stored as given')
  assert.deepEqual(created.body.data.company, { feedback_count: 1, feedback_rating_avg: 4 })

  const edited = await alice.send('POST', '/companies/acme/feedback', { rating: 2, feedback_type: 'culture', body: 'Changed my mind.' })
  assert.equal(edited.status, 201)
  assert.equal(edited.body.data.id, created.body.data.id, 'same person, company and type: an edit')
  assert.equal(edited.body.data.created_at, created.body.data.created_at)
  const other = await alice.send('POST', '/companies/acme/feedback', { rating: 5, feedback_type: 'interview', body: 'Smooth interviews.' })
  assert.equal(other.body.data.author, created.body.data.author, 'one persona site-wide')
  assert.deepEqual(other.body.data.company, { feedback_count: 2, feedback_rating_avg: 3.5 })

  const list = await call('/api/v1/companies/acme/feedback')
  assert.equal(list.status, 200)
  assert.deepEqual(list.body.meta, { total: 2, limit: 20, offset: 0 })
  assert.deepEqual(list.body.data.map((f: any) => f.feedback_type), ['interview', 'culture'], 'newest first')
  assert.equal(JSON.stringify(list.body).includes(alice.email), false, 'never the email')
  const mine = await alice.send('GET', '/companies/acme/feedback/mine')
  assert.deepEqual(mine.body.data.map((f: any) => f.rating).sort(), [2, 5])
  const bob = await person()
  assert.deepEqual((await bob.send('GET', '/companies/acme/feedback/mine')).body.data, [])

  const detail = await call('/api/v1/companies/acme')
  assert.equal(detail.body.data.company.feedback_count, 2)
  assert.equal(detail.body.data.company.feedback_rating_avg, 3.5)
  const summaries = await call('/api/v1/companies')
  assert.equal(summaries.body.data.find((c: any) => c.slug === 'acme').feedback_rating_avg, 3.5)

  const removed = await alice.send('DELETE', '/companies/acme/feedback?feedback_type=culture')
  assert.deepEqual(removed.body.data, { feedback_count: 1, feedback_rating_avg: 5 })
  assert.deepEqual((await alice.send('DELETE', '/companies/acme/feedback?feedback_type=culture')).body.data, { feedback_count: 1, feedback_rating_avg: 5 }, 'a no-op when absent')
  assert.equal((await alice.send('DELETE', '/companies/acme/feedback')).status, 400)
  assert.equal((await alice.send('DELETE', '/companies/acme/feedback?feedback_type=vibes')).status, 400)
})

test('invalid reviews are refused with the documented status and change nothing', async () => {
  const { call, person } = communityApp()
  const alice = await person()
  const post = (body: unknown, slug = 'acme') => alice.send('POST', `/companies/${slug}/feedback`, body)
  assert.equal((await post({ rating: 0, feedback_type: 'culture', body: 'x' })).status, 400)
  assert.equal((await post({ rating: 6, feedback_type: 'culture', body: 'x' })).status, 400)
  assert.equal((await post({ rating: 2.5, feedback_type: 'culture', body: 'x' })).status, 400)
  assert.equal((await post({ rating: 3, feedback_type: 'vibes', body: 'x' })).status, 400)
  const blank = await post({ rating: 3, feedback_type: 'culture', body: '   \n ' })
  assert.equal(blank.status, 422)
  assert.equal(blank.body.error, 'body is required')
  const long = await post({ rating: 3, feedback_type: 'culture', body: '🙂'.repeat(5001) })
  assert.equal(long.status, 422)
  assert.equal((await post({ rating: 3, feedback_type: 'culture', body: '🙂'.repeat(5000) })).status, 201, '5000 runes fit, whatever their UTF-16 length')
  assert.equal((await post({ rating: 3, feedback_type: 'culture', body: 'x' }, 'nope')).status, 404)
  assert.equal((await call('/api/v1/companies/nope/feedback')).status, 404)
  const bad = await alice.send('POST', '/companies/acme/feedback', undefined)
  assert.equal(bad.status, 400)
  assert.equal((await call('/api/v1/companies/acme/feedback')).body.meta.total, 1)
})

test('more than 10 new reviews in 24 hours is 429 with Retry-After; edits stay free; the window rolls', async () => {
  const { ctx, db, person } = communityApp()
  const alice = await person()
  const start = Date.parse('2026-11-20T10:00:00Z')
  ctx.now = () => new Date(start)
  const slugs = ['acme', 'globex', 'initech']
  const types = ['interview', 'culture', 'compensation', 'management']
  const pairs = slugs.flatMap((slug) => types.map((type) => [slug, type]))
  for (const [slug, type] of pairs.slice(0, 10)) {
    assert.equal((await alice.send('POST', `/companies/${slug}/feedback`, { rating: 3, feedback_type: type, body: 'ok' })).status, 201)
  }
  const [slug, type] = pairs[10]!
  const refused = await alice.send('POST', `/companies/${slug}/feedback`, { rating: 3, feedback_type: type, body: 'ok' })
  assert.equal(refused.status, 429)
  assert.equal(refused.headers.get('retry-after'), String(24 * 3600))
  assert.equal((db.prepare('SELECT count(*) FROM company_feedback').pluck().get()), 10)
  assert.equal((await alice.send('POST', '/companies/acme/feedback', { rating: 1, feedback_type: 'interview', body: 'edit' })).status, 201, 'an edit is not a new review')
  await alice.send('DELETE', '/companies/acme/feedback?feedback_type=interview')
  assert.equal((await alice.send('POST', `/companies/${slug}/feedback`, { rating: 3, feedback_type: type, body: 'ok' })).status, 429, 'deleting does not give the allowance back')
  ctx.now = () => new Date(start + 24 * 3600 * 1000 + 1000)
  assert.equal((await alice.send('POST', `/companies/${slug}/feedback`, { rating: 3, feedback_type: type, body: 'ok' })).status, 201)
})

test('reports reach the moderators; hiding removes a review from the list, the counters and sort=rating at once', async () => {
  const { call, person, moderator, withKey } = communityApp()
  const [alice, bob, carol] = [await person(), await person(), await person()]
  const mod = await moderator()
  const low = (await alice.send('POST', '/companies/acme/feedback', { rating: 1, feedback_type: 'other', body: 'spam spam' })).body.data
  await bob.send('POST', '/companies/acme/feedback', { rating: 5, feedback_type: 'culture', body: 'great' })
  await carol.send('POST', '/companies/globex/feedback', { rating: 4, feedback_type: 'culture', body: 'good' })
  const rated = async () => (await call('/api/v1/companies?sort=rating')).body.data.map((c: any) => [c.slug, c.feedback_rating_avg])
  assert.deepEqual(await rated(), [['globex', 4], ['acme', 3], ['initech', null]])

  assert.equal((await bob.send('POST', `/company-feedback/${low.id}/report`, { reason: 'rude' })).status, 400)
  assert.equal((await bob.send('POST', '/company-feedback/99999/report', { reason: 'spam' })).status, 404)
  assert.equal((await bob.send('POST', `/company-feedback/${low.id}/report`, { reason: 'spam' })).status, 204)
  assert.equal((await bob.send('POST', `/company-feedback/${low.id}/report`, { reason: 'offensive' })).status, 204, 'a repeat is a silent no-op')
  assert.equal((await carol.send('POST', `/company-feedback/${low.id}/report`, { reason: 'offensive' })).status, 204)

  assert.equal((await bob.send('GET', '/company-feedback/reported')).status, 403)
  assert.equal((await call('/api/v1/company-feedback/reported')).status, 401)
  const queue = await mod.send('GET', '/company-feedback/reported')
  assert.equal(queue.status, 200)
  assert.equal(queue.body.data.length, 1)
  assert.deepEqual(
    { id: queue.body.data[0].id, company_slug: queue.body.data[0].company_slug, report_count: queue.body.data[0].report_count, report_reasons: queue.body.data[0].report_reasons },
    { id: low.id, company_slug: 'acme', report_count: 2, report_reasons: ['offensive', 'spam'] },
  )

  assert.equal((await bob.send('POST', `/company-feedback/${low.id}/hide`)).status, 403)
  const modKey = await withKey(mod.cookie)
  assert.equal((await modKey('POST', `/company-feedback/${low.id}/hide`)).status, 401, 'moderation of reviews takes the session, not a key')
  assert.equal((await modKey('GET', '/company-feedback/reported')).status, 401)
  assert.equal((await mod.send('POST', '/company-feedback/99999/hide')).status, 404)
  assert.equal((await mod.send('POST', `/company-feedback/${low.id}/hide`)).status, 204)
  assert.equal((await mod.send('POST', `/company-feedback/${low.id}/hide`)).status, 204, 'idempotent')
  const list = await call('/api/v1/companies/acme/feedback')
  assert.deepEqual(list.body.data.map((f: any) => f.rating), [5])
  assert.equal(list.body.meta.total, 1)
  assert.equal((await call('/api/v1/companies/acme')).body.data.company.feedback_rating_avg, 5)
  assert.deepEqual(await rated(), [['acme', 5], ['globex', 4], ['initech', null]])
  assert.deepEqual((await mod.send('GET', '/company-feedback/reported')).body.data, [], 'handled reviews leave the queue')
  assert.equal((await alice.send('GET', '/companies/acme/feedback/mine')).body.data.length, 1, 'the author still sees their hidden review')
})
