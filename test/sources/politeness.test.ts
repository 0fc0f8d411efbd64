import { test, after, before } from 'node:test'
import assert from 'node:assert/strict'
import { lookup } from 'node:dns/promises'
import { hostname } from 'node:os'
import { startStandIn, type StandIn } from './stand-in-boards.ts'
import { createSourcesApp } from './sources-app.ts'
import { freePort } from '../helpers/net.ts'
import { greenhouseBoard, greenhouseJob } from './board-shapes.ts'

/**
 * How the crawler behaves towards a board's host: robots.txt, a clear User-Agent, conditional
 * requests, one request at a time with a pause, retries with back-off, time-outs, size caps, and a
 * source marked failing after repeated failed crawls.
 */
let board: StandIn
before(async () => {
  board = await startStandIn()
})
after(() => board.close())

const jobs = greenhouseBoard([greenhouseJob(1, 'Platform Engineer'), greenhouseJob(2, 'Data Engineer')])

test('robots.txt disallowing the board path fails the crawl before the board is asked', async () => {
  const robots = await startStandIn()
  robots.serve('/robots.txt', { body: 'User-agent: *\nDisallow: /private\n\nUser-agent: openroles\nDisallow: /v1/boards/\nAllow: /v1/boards/open/\nDisallow: /*.rss$\n' })
  robots.serve('/jobs.rss', { body: '<rss version="2.0"><channel></channel></rss>' })
  robots.serve('/v1/boards/acme/jobs', { body: jobs })
  robots.serve('/v1/boards/open/jobs', { body: jobs })
  try {
    const app = await createSourcesApp()
    const refused = await app.crawl(await app.addSource('greenhouse:acme', { url: `${robots.origin}/v1/boards/acme/jobs` }))
    assert.equal(refused.ok, false)
    assert.match(refused.error, /robots\.txt .* disallows \/v1\/boards\/acme\/jobs/)
    assert.equal(robots.hits('/v1/boards/acme/jobs'), 0)
    const allowed = await app.crawl(await app.addSource('greenhouse:open', { url: `${robots.origin}/v1/boards/open/jobs` }))
    assert.equal(allowed.ok, true, 'the longer Allow rule of our own group wins')
    const feed = await app.crawl(await app.addSource(`feed:${robots.origin}/jobs.rss`))
    assert.match(feed.error ?? '', /disallows \/jobs\.rss/, 'wildcard and end-anchored patterns')
    assert.equal(robots.hits('/jobs.rss'), 0)
    assert.equal(robots.hits('/robots.txt'), 1, 'robots.txt is read once per host and remembered')
  } finally {
    await robots.close()
  }
})

test('a clear User-Agent, and If-None-Match / If-Modified-Since answered by 304 reuse the last body', async () => {
  const app = await createSourcesApp()
  board.serve('/v1/boards/etag/jobs', (request) =>
    request.headers['if-none-match'] === '"v1"' ? { status: 304 } : { body: jobs, headers: { etag: '"v1"', 'last-modified': 'Mon, 16 Nov 2026 10:00:00 GMT' } },
  )
  const id = await app.addSource('greenhouse:etag', { url: `${board.origin}/v1/boards/etag/jobs` })
  const first = await app.crawl(id)
  const second = await app.crawl(id)
  assert.deepEqual([first.new, second.ok, second.unchanged, second.closed], [2, true, 2, 0])
  const [one, two] = board.requests.filter((r) => r.path === '/v1/boards/etag/jobs')
  assert.match(String(one!.headers['user-agent']), /^openroles-crawler\/\d+\.\d+\.\d+ \(job board crawler of a self-hosted openroles\)$/)
  assert.equal(one!.headers['if-none-match'], undefined)
  assert.equal(two!.headers['if-none-match'], '"v1"')
  assert.equal(two!.headers['if-modified-since'], 'Mon, 16 Nov 2026 10:00:00 GMT')

  // Removing the source forgets what was kept of its board: adding it again fetches it whole.
  await app.admin('DELETE', `/admin/sources/${id}`)
  const readded = await app.addSource('greenhouse:etag', { url: `${board.origin}/v1/boards/etag/jobs` })
  const fresh = await app.crawl(readded)
  assert.equal(fresh.ok, true)
  assert.equal(board.requests.filter((r) => r.path === '/v1/boards/etag/jobs').at(-1)!.headers['if-none-match'], undefined)
})

test('requests to one host never overlap and keep the configured pause, across sources crawled at once', async () => {
  const host = await startStandIn()
  try {
    const app = await createSourcesApp({ sourcesHostDelayMs: 30 })
    const postings = Array.from({ length: 150 }, (_, i) => ({ id: `p-${i}`, text: `Engineer ${i}`, hostedUrl: `https://jobs.example/${i}` }))
    const page = (_request: unknown, url: URL) => {
      const skip = Number(url.searchParams.get('skip'))
      return { body: postings.slice(skip, skip + 100), delayMs: 20 }
    }
    host.serve('/v0/postings/one', page)
    host.serve('/v0/postings/two', page)
    const one = await app.addSource('lever:one', { url: `${host.origin}/v0/postings/one` })
    const two = await app.addSource('lever:two', { url: `${host.origin}/v0/postings/two` })
    const crawls = await Promise.all([one, two, one].map((id) => app.admin('POST', `/admin/sources/${id}/crawl`)))
    const [a, b, c] = crawls.map((r) => r.status)
    assert.deepEqual([a === 200 ? c : a, b], [409, 200], 'a second crawl of a source that is being crawled is refused')
    assert.ok(crawls.filter((r) => r.status === 200).every((r) => r.body.data.ok))
    assert.equal(host.maxInFlight, 1, 'one request at a time per host')
    const board = host.requests.filter((r) => r.path.startsWith('/v0/postings/')).sort((x, y) => x.at - y.at)
    assert.equal(board.length, 4)
    for (let i = 1; i < board.length; i++) assert.ok(board[i]!.at - board[i - 1]!.answeredAt! >= 25, `pause before request ${i}`)
  } finally {
    await host.close()
  }
})

test('5xx and 429 are retried with back-off; after the retries the crawl fails', async () => {
  const app = await createSourcesApp({ sourcesRetries: 2 })
  let calls = 0
  board.serve('/v1/boards/flaky/jobs', () => (++calls <= 2 ? { status: calls === 1 ? 503 : 429, headers: { 'retry-after': '0' } } : { body: jobs }))
  const id = await app.addSource('greenhouse:flaky', { url: `${board.origin}/v1/boards/flaky/jobs` })
  const report = await app.crawl(id)
  assert.deepEqual([report.ok, report.new, calls], [true, 2, 3])

  board.serve('/v1/boards/down/jobs', { status: 500 })
  const down = await app.crawl(await app.addSource('greenhouse:down', { url: `${board.origin}/v1/boards/down/jobs` }))
  assert.equal(down.ok, false)
  assert.match(down.error, /HTTP 500 \(after 3 attempts\)/)
  assert.equal(board.hits('/v1/boards/down/jobs'), 3)
})

test('a board that never answers times out; repeated failures mark the source failing, a success clears it', async () => {
  const app = await createSourcesApp({ sourcesTimeoutMs: 150, sourcesRetries: 0, sourcesFailingAfter: 2 })
  let hang = false
  board.serve('/v1/boards/slow/jobs', () => (hang ? { hang: true } : { body: jobs }))
  const id = await app.addSource('greenhouse:slow', { url: `${board.origin}/v1/boards/slow/jobs` })
  const status = async () => (await app.admin('GET', '/admin/sources')).body.data.find((s: { id: number }) => s.id === id)
  assert.equal((await app.crawl(id)).ok, true)
  hang = true
  const first = await app.crawl(id)
  assert.equal(first.ok, false)
  assert.match(first.error, /within 150 ms/)
  // A source that has worked may be failing for a while: it stays ok until the failures repeat.
  assert.deepEqual([(await status()).status, (await status()).consecutive_failures], ['ok', 1])
  await app.crawl(id)
  const failing = await status()
  assert.deepEqual([failing.status, failing.consecutive_failures, failing.crawling], ['failing', 2, false])
  assert.match(failing.last_error, /within 150 ms/)
  hang = false
  const ok = await app.crawl(id)
  assert.equal(ok.ok, true)
  assert.deepEqual([(await status()).status, (await status()).last_error], ['ok', null])
})

test('a response over the size cap fails the crawl; a malformed board fails it without touching postings', async () => {
  const app = await createSourcesApp({ sourcesMaxBytes: 2000 })
  board.serve('/v1/boards/huge/jobs', { body: greenhouseBoard(Array.from({ length: 50 }, (_, i) => greenhouseJob(i, `Job ${i}`))) })
  const huge = await app.crawl(await app.addSource('greenhouse:huge', { url: `${board.origin}/v1/boards/huge/jobs` }))
  assert.equal(huge.ok, false)
  assert.match(huge.error, /more than 2000 bytes/)

  board.serve('/v1/boards/broken/jobs', { body: '<html>maintenance</html>' })
  const broken = await app.crawl(await app.addSource('greenhouse:broken', { url: `${board.origin}/v1/boards/broken/jobs` }))
  assert.deepEqual([broken.ok, broken.error], [false, 'the Greenhouse board is not JSON'])
})

test('board URLs on private addresses are refused unless the server allows them', async () => {
  const app = await createSourcesApp({ sourcesAllowPrivateHosts: false })
  for (const url of ['http://127.0.0.1:9/x', 'http://localhost/x', 'http://10.1.2.3/x', 'http://[::1]/x', 'http://169.254.169.254/latest', 'ftp://example.org/x']) {
    const response = await app.admin('POST', '/admin/sources', { name: 'greenhouse:acme', url })
    assert.equal(response.status, 400, url)
    assert.match(response.body.error, /board URL refused/)
  }
  const ok = await app.admin('POST', '/admin/sources', { name: 'greenhouse:acme' })
  assert.equal(ok.status, 201)
  assert.equal(ok.body.data.url, 'https://boards-api.greenhouse.io/v1/boards/acme/jobs?content=true')
})

test('a board host name that resolves to loopback is refused when connecting, and the board is never reached', async () => {
  const name = hostname()
  const resolved = await lookup(name, { all: true }).catch(() => [])
  assert.ok(resolved.length && resolved.every((entry) => entry.address.startsWith('127.')), `this test needs the machine's host name (${name}) to resolve to loopback, as /etc/hosts usually says`)
  const inside = await startStandIn()
  inside.serve('/v1/boards/inside/jobs', { body: jobs })
  try {
    const app = await createSourcesApp({ sourcesAllowPrivateHosts: false })
    const url = `http://${name}:${new URL(inside.origin).port}/v1/boards/inside/jobs`
    const report = await app.crawl(await app.addSource('greenhouse:inside', { url }))
    assert.equal(report.ok, false)
    assert.match(report.error, new RegExp(`${name} resolves to a private or loopback address`))
    assert.deepEqual(inside.requests, [], 'nothing reached the board, robots.txt included')
  } finally {
    await inside.close()
  }
})

test('a host that refuses connections or has no DNS name is reported as such, not as robots.txt, and the never-working source is failing', async () => {
  const app = await createSourcesApp({ sourcesRetries: 0, sourcesFailingAfter: 3 })
  // A port that was free a moment ago: nothing listens, so every connection is refused.
  const port = await freePort()
  const refused = await app.addSource('greenhouse:refused', { url: `http://127.0.0.1:${port}/v1/boards/refused/jobs` })
  const report = await app.crawl(refused)
  assert.equal(report.ok, false)
  assert.equal(report.error, `cannot reach 127.0.0.1:${port}: connection refused (ECONNREFUSED)`)
  const sources = (await app.admin('GET', '/admin/sources')).body.data
  const source = sources.find((s: { id: number }) => s.id === refused)
  assert.deepEqual([source.status, source.consecutive_failures, source.last_error], ['failing', 1, report.error])
  // `.invalid` never resolves (RFC 2606).
  const nowhere = await app.addSource('greenhouse:nowhere', { url: 'http://boards.openroles-test.invalid/v1/boards/nowhere/jobs' })
  const dns = await app.crawl(nowhere)
  assert.match(dns.error, /^cannot reach boards\.openroles-test\.invalid: DNS lookup failed .*\((ENOTFOUND|EAI_AGAIN)\)$/)
})
