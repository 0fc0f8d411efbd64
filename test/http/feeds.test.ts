import { test } from 'node:test'
import assert from 'node:assert/strict'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { createTestApp, fixtureJob } from '../helpers/app.ts'

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
