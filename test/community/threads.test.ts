import { test } from 'node:test'
import assert from 'node:assert/strict'
import { communityApp, PERSONA } from './community-fixture.ts'

// Threads through HTTP: public reads with keyset cursors, cookie writes, caps, moderator close.

test('threads list newest first 30 a page by cursor; count and read by id are public', async () => {
  const { call, db, person } = communityApp()
  const alice = await person()
  // 31 threads on acme, written straight to the table so the daily cap is not the subject here.
  const insert = db.prepare("INSERT INTO threads (subject_type, subject_slug, user_id, title, body, created_at) VALUES ('company', 'acme', ?, ?, 'b', ?)")
  for (let i = 1; i <= 31; i++) insert.run(alice.userId, `thread ${i}`, new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString())
  const first = await call('/api/v1/threads?subject_type=company&subject_slug=acme')
  assert.equal(first.status, 200)
  assert.equal(first.body.data.length, 30)
  assert.equal(first.body.data[0].title, 'thread 31')
  assert.equal(typeof first.body.meta.next_cursor, 'string')
  assert.equal(first.body.meta.total, undefined, 'no total')
  const second = await call(`/api/v1/threads?subject_type=company&subject_slug=acme&cursor=${first.body.meta.next_cursor}`)
  assert.deepEqual(second.body.data.map((t: any) => t.title), ['thread 1'])
  assert.deepEqual(second.body.meta, {})
  assert.deepEqual((await call('/api/v1/threads/count?subject_type=company&subject_slug=acme')).body.data, { count: 31 })
  assert.deepEqual((await call('/api/v1/threads/count?subject_type=company&subject_slug=globex')).body.data, { count: 0 })

  const unsupported = await call('/api/v1/threads?subject_type=person&subject_slug=acme')
  assert.equal(unsupported.status, 400)
  assert.match(unsupported.body.error, /unsupported subject type/)
  assert.equal((await call('/api/v1/threads/count?subject_type=person&subject_slug=acme')).status, 400)
  for (const cursor of ['garbage', 'dA', Buffer.from('t1x').toString('base64url')]) {
    const bad = await call(`/api/v1/threads?subject_type=company&subject_slug=acme&cursor=${cursor}`)
    assert.equal(bad.status, 400, cursor)
    assert.equal(bad.body.error, 'invalid cursor')
  }
  assert.equal((await call('/api/v1/threads/999999')).status, 404)
  assert.equal((await call('/api/v1/threads/999999')).body.error, 'thread not found')
})

test('people start threads and nest replies; closed threads leave listings, refuse replies and stay readable', async () => {
  const { call, person, moderator, withKey } = communityApp()
  const alice = await person()
  const bob = await person()
  const mod = await moderator()
  const body = { subject_type: 'job', subject_slug: 'acme-backend', title: 'Is this role still open?', body: '<img src=x onerror=alert(1)> anyone applied?' }
  assert.equal((await call('/api/v1/threads', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status, 401)
  assert.equal((await (await withKey(alice.cookie))('POST', '/threads', body)).status, 401, 'cookie only')
  assert.equal((await alice.send('POST', '/threads', { ...body, subject_type: 'person' })).status, 400)
  assert.equal((await alice.send('POST', '/threads', { ...body, subject_slug: 'no-such-job' })).status, 404)
  assert.equal((await alice.send('POST', '/threads', { ...body, subject_slug: 'no-such-job' })).body.error, 'subject not found')
  const noTitle = await alice.send('POST', '/threads', { ...body, title: '  ' })
  assert.deepEqual([noTitle.status, noTitle.body.error], [422, 'title is required'])
  const noBody = await alice.send('POST', '/threads', { ...body, body: '' })
  assert.deepEqual([noBody.status, noBody.body.error], [422, 'body is required'])

  const created = await alice.send('POST', '/threads', body)
  assert.equal(created.status, 201)
  const thread = created.body.data
  assert.match(thread.author, PERSONA)
  assert.deepEqual({ ...thread, id: 0, author: '', created_at: '' }, { id: 0, subject_type: 'job', subject_slug: 'acme-backend', title: body.title, body: body.body, author: '', reply_count: 0, status: 'open', created_at: '' })

  const top = await bob.send('POST', `/threads/${thread.id}/replies`, { body: 'Yes, I did.' })
  assert.equal(top.status, 201)
  assert.equal(top.body.data.parent_id, 0)
  const nested = await alice.send('POST', `/threads/${thread.id}/replies`, { body: 'How did it go?', parent_reply_id: top.body.data.id })
  assert.equal(nested.body.data.parent_id, top.body.data.id)
  assert.equal(nested.body.data.author, thread.author)
  assert.equal((await alice.send('POST', `/threads/${thread.id}/replies`, { body: 'x', parent_reply_id: 999999 })).status, 404)
  assert.equal((await alice.send('POST', `/threads/${thread.id}/replies`, { body: ' ' })).status, 422)
  assert.equal((await alice.send('POST', '/threads/999999/replies', { body: 'x' })).status, 404)

  const read = await call(`/api/v1/threads/${thread.id}`)
  assert.equal(read.body.data.thread.reply_count, 2)
  assert.deepEqual(read.body.data.replies.map((r: any) => r.body), ['Yes, I did.', 'How did it go?'], 'oldest first')
  assert.deepEqual(read.body.meta, {})

  assert.equal((await alice.send('POST', `/threads/${thread.id}/close`)).status, 403)
  assert.equal((await (await withKey(mod.cookie))('POST', `/threads/${thread.id}/close`)).status, 401, 'closing takes the session, not a key')
  assert.equal((await mod.send('POST', '/threads/999999/close')).status, 404)
  const closed = await mod.send('POST', `/threads/${thread.id}/close`)
  assert.deepEqual(closed.body.data, { id: thread.id, status: 'closed' })
  const reply = await bob.send('POST', `/threads/${thread.id}/replies`, { body: 'late' })
  assert.deepEqual([reply.status, reply.body.error], [409, 'thread is closed'])
  assert.deepEqual((await call('/api/v1/threads?subject_type=job&subject_slug=acme-backend')).body.data, [])
  assert.deepEqual((await call('/api/v1/threads/count?subject_type=job&subject_slug=acme-backend')).body.data, { count: 0 })
  const stillThere = await call(`/api/v1/threads/${thread.id}`)
  assert.equal(stillThere.body.data.thread.status, 'closed')
  assert.equal(stillThere.body.data.replies.length, 2)
})

test('replies page 30 at a time by cursor; caps: 10 threads a day, 30 replies an hour, with Retry-After', async () => {
  const { call, ctx, person } = communityApp()
  const alice = await person()
  const start = Date.parse('2026-11-20T10:00:00Z')
  ctx.now = () => new Date(start)
  const ids: number[] = []
  for (let i = 0; i < 10; i++) {
    const res = await alice.send('POST', '/threads', { subject_type: 'company', subject_slug: 'globex', title: `t${i}`, body: 'b' })
    assert.equal(res.status, 201)
    ids.push(res.body.data.id)
  }
  const eleventh = await alice.send('POST', '/threads', { subject_type: 'company', subject_slug: 'globex', title: 't', body: 'b' })
  assert.equal(eleventh.status, 429)
  assert.equal(eleventh.headers.get('retry-after'), String(24 * 3600))
  for (let i = 0; i < 30; i++) {
    ctx.now = () => new Date(start + i * 1000)
    assert.equal((await alice.send('POST', `/threads/${ids[0]}/replies`, { body: `r${i}` })).status, 201)
  }
  ctx.now = () => new Date(start + 60_000)
  const capped = await alice.send('POST', `/threads/${ids[0]}/replies`, { body: 'one more' })
  assert.equal(capped.status, 429)
  assert.equal(capped.headers.get('retry-after'), String(3600 - 60))
  ctx.now = () => new Date(start + 3600_000 + 1000)
  assert.equal((await alice.send('POST', `/threads/${ids[0]}/replies`, { body: 'r30' })).status, 201)

  const page1 = await call(`/api/v1/threads/${ids[0]}`)
  assert.equal(page1.body.data.replies.length, 30)
  assert.equal(page1.body.data.replies[0].body, 'r0')
  const page2 = await call(`/api/v1/threads/${ids[0]}?cursor=${page1.body.meta.next_cursor}`)
  assert.deepEqual(page2.body.data.replies.map((r: any) => r.body), ['r30'])
  assert.equal(page2.body.data.thread.reply_count, 31)
})

test('recent threads: the newest open ones across every subject, with what each is about; closed ones left out', async () => {
  const { call, db, person } = communityApp()
  const alice = await person()
  const jobSlug = db.prepare('SELECT public_slug FROM jobs LIMIT 1').pluck().get() as string
  const jobTitle = db.prepare('SELECT title FROM jobs WHERE public_slug = ?').pluck().get(jobSlug) as string
  const insert = db.prepare("INSERT INTO threads (subject_type, subject_slug, user_id, title, body, created_at, status) VALUES (?, ?, ?, ?, 'b', ?, ?)")
  insert.run('company', 'acme', alice.userId, 'about acme', '2026-11-01T00:00:00.000Z', 'open')
  insert.run('job', jobSlug, alice.userId, 'about the job', '2026-11-02T00:00:00.000Z', 'open')
  insert.run('company', 'acme', alice.userId, 'closed one', '2026-11-03T00:00:00.000Z', 'closed')
  insert.run('company', 'gone-co', alice.userId, 'about a company that is gone', '2026-11-04T00:00:00.000Z', 'open')
  const recent = await call('/api/v1/threads/recent')
  assert.equal(recent.status, 200)
  assert.deepEqual(recent.body.data.map((t: any) => [t.title, t.subject_name]), [
    ['about a company that is gone', null],
    ['about the job', jobTitle],
    ['about acme', db.prepare("SELECT name FROM companies WHERE slug = 'acme'").pluck().get()],
  ])
  assert.deepEqual(recent.body.meta, { limit: 10 })
  assert.deepEqual((await call('/api/v1/threads/recent?limit=1')).body.data.map((t: any) => t.title), ['about a company that is gone'])
  for (const limit of ['0', '51', 'many']) assert.equal((await call(`/api/v1/threads/recent?limit=${limit}`)).status, 400, limit)
})
