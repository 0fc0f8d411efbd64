import { test } from 'node:test'
import assert from 'node:assert/strict'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { bearerHeaders, sessionHeaders, signUp } from '../helpers/auth.ts'

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['entry', 'link', 'category'].includes(name) })

/** Checks RFC 4287's required elements and returns the parsed feed. */
function validAtom(xml: string) {
  assert.equal(XMLValidator.validate(xml), true, 'well-formed XML')
  const { feed } = parser.parse(xml)
  assert.equal(feed['@xmlns'], 'http://www.w3.org/2005/Atom')
  for (const field of ['id', 'title', 'updated']) assert.ok(feed[field], `feed ${field}`)
  assert.ok(!Number.isNaN(Date.parse(feed.updated)))
  assert.ok(feed.link.some((l: Record<string, string>) => l['@rel'] === 'self'))
  for (const entry of feed.entry ?? []) {
    for (const field of ['id', 'title', 'updated']) assert.ok(entry[field], `entry ${field}`)
    assert.ok(entry.author?.name, 'entry author (the feed has none)')
    assert.ok(!Number.isNaN(Date.parse(entry.updated)))
  }
  return feed
}

test('any search is an Atom feed of its newest matches, with links back to the job pages', async () => {
  const { get } = createTestApp({
    jobs: [
      fixtureJob({ title: 'Rust Engineer', workMode: 'remote', postedAt: '2026-11-01T00:00:00.000Z' }),
      fixtureJob({ title: 'Rust Platform Lead & <Tooling>', workMode: 'remote', postedAt: '2026-11-03T00:00:00.000Z' }),
      fixtureJob({ title: 'Rust Engineer', workMode: 'onsite', postedAt: '2026-11-02T00:00:00.000Z' }),
      fixtureJob({ title: 'Java Engineer', workMode: 'remote', postedAt: '2026-11-04T00:00:00.000Z' }),
    ],
  })
  const response = await get('/feeds/jobs.atom?q=rust&work_mode=remote')
  assert.equal(response.status, 200)
  assert.match(response.headers.get('content-type') ?? '', /^application\/atom\+xml/)
  assert.ok(response.headers.get('x-ratelimit-limit'), 'on the read budget')
  const feed = validAtom(response.body as string)
  assert.deepEqual(feed.entry.map((e: { title: string }) => e.title), ['Rust Platform Lead & <Tooling> at Acme', 'Rust Engineer at Acme'])
  assert.match(feed.entry[0].link[0]['@href'], /^http:\/\/localhost\/jobs\/[a-z0-9-]+$/)
  assert.match(feed.title, /"rust"/)
  assert.equal(feed.link.find((l: Record<string, string>) => l['@rel'] === 'alternate')['@href'], 'http://localhost/?q=rust&work_mode=remote')

  const limited = validAtom((await get('/feeds/jobs.atom?limit=1')).body as string)
  assert.equal(limited.entry.length, 1)
  assert.match(limited.entry[0].title, /^Java Engineer/, 'newest first')
  const empty = validAtom((await get('/feeds/jobs.atom?skills=cobol')).body as string)
  assert.equal(empty.entry, undefined)
})

test('bad search parameters are the API 400, not a broken feed', async () => {
  const { get } = createTestApp()
  const response = await get('/feeds/jobs.atom?sort=bogus')
  assert.equal(response.status, 400)
  assert.match(response.body.error, /sort/)
})

test('a saved search is an Atom feed behind a secret URL: minted once, replaced on request, ended with the search', async () => {
  const { get, call, db } = createTestApp({
    jobs: [fixtureJob({ title: 'Rust Engineer', workMode: 'remote' }), fixtureJob({ title: 'Rust Engineer', workMode: 'onsite' }), fixtureJob({ title: 'Java Engineer', workMode: 'remote' })],
  })
  const alice = await signUp(call)
  const send = (method: string, path: string, body?: unknown) => call(`/api/v1${path}`, { method, headers: sessionHeaders(alice.cookie), body: body === undefined ? undefined : JSON.stringify(body) })
  const search = (await send('POST', '/me/searches', { name: 'Remote Rust', query: 'q=rust&work_mode=remote' })).body.data
  const minted = await send('POST', `/me/searches/${search.id}/feed`)
  assert.equal(minted.status, 200)
  const url = new URL(minted.body.data.feed_url)
  assert.match(url.pathname, /^\/feeds\/searches\/[a-z2-7]{32}\.atom$/)
  const secret = url.pathname.split('/').pop()!.replace('.atom', '')
  assert.equal(db.prepare('SELECT count(*) FROM saved_searches WHERE feed_token_hash IS NOT NULL').pluck().get(), 1)
  assert.equal(JSON.stringify(db.prepare('SELECT * FROM saved_searches').all()).includes(secret), false, 'only a hash is stored')

  const feed = validAtom((await get(url.pathname)).body as string)
  assert.equal(feed.title, 'openroles: Remote Rust')
  assert.deepEqual(feed.entry.map((e: { title: string }) => e.title), ['Rust Engineer at Acme'])

  assert.equal((await call(`/api/v1/me/searches/${search.id}/feed`, { method: 'POST', headers: bearerHeaders('or_live_nope') })).status, 401)
  const other = await signUp(call)
  assert.equal((await call(`/api/v1/me/searches/${search.id}/feed`, { method: 'POST', headers: sessionHeaders(other.cookie) })).status, 404)

  const replaced = new URL((await send('POST', `/me/searches/${search.id}/feed`)).body.data.feed_url)
  assert.equal((await get(url.pathname)).status, 404, 'the old URL stops working')
  assert.equal((await get(replaced.pathname)).status, 200)
  assert.equal((await send('DELETE', `/me/searches/${search.id}`)).status, 204)
  assert.equal((await get(replaced.pathname)).status, 404)
  assert.equal((await get('/feeds/searches/not-a-secret.atom')).status, 404)
})
