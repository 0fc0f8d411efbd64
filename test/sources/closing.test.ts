import { test, after, before } from 'node:test'
import assert from 'node:assert/strict'
import { startStandIn, type StandIn } from './stand-in-boards.ts'
import { createSourcesApp } from './sources-app.ts'
import { greenhouseBoard, greenhouseJob } from './board-shapes.ts'

/**
 * The closing rule across crawls: a posting the board no longer lists for two consecutive
 * successful crawls is closed (out of search, readable by slug); one that comes back reopens; a
 * failed crawl closes nothing. And crawls are incremental: only changed postings are written.
 */
let board: StandIn
before(async () => {
  board = await startStandIn()
})
after(() => board.close())

const TITLES: Record<number, string> = { 1: 'Platform Engineer', 2: 'Data Engineer', 3: 'Zebra Wrangler' }

test('missing twice closes, coming back reopens, a failed crawl in between changes nothing', async () => {
  const app = await createSourcesApp()
  let listed = [1, 2, 3]
  let failing = false
  board.serve('/v1/boards/closing/jobs', () => (failing ? { status: 503 } : { body: greenhouseBoard(listed.map((id) => greenhouseJob(id, TITLES[id]!))) }))
  const id = await app.addSource('greenhouse:closing', { url: `${board.origin}/v1/boards/closing/jobs` })
  const zebra = async () => (await app.search('q=zebra%20wrangler')).meta.total as number

  const first = await app.crawl(id)
  assert.deepEqual([first.new, first.closed], [3, 0])
  assert.equal(await zebra(), 1)
  const slug = (await app.search('q=zebra%20wrangler')).data[0].public_slug

  listed = [1, 2]
  const missedOnce = await app.crawl(id)
  assert.deepEqual([missedOnce.ok, missedOnce.unchanged, missedOnce.closed], [true, 2, 0])
  assert.equal(await zebra(), 1, 'one miss does not close')

  failing = true
  const failed = await app.crawl(id)
  assert.equal(failed.ok, false)
  assert.match(failed.error, /HTTP 503/)
  assert.equal(failed.closed, 0)
  assert.equal(await zebra(), 1, 'a failed crawl closes nothing and is not a miss')

  failing = false
  const missedTwice = await app.crawl(id)
  assert.deepEqual([missedTwice.ok, missedTwice.closed, missedTwice.unchanged], [true, 1, 2])
  assert.equal(await zebra(), 0, 'closed postings leave search at once')
  const closed = await app.call(`/api/v1/jobs/${slug}`)
  assert.equal(closed.status, 200, 'and stay readable by slug')
  assert.ok(closed.body.data.closed_at)

  const third = await app.crawl(id)
  assert.equal(third.closed, 0, 'a closed posting is closed once')

  listed = [1, 2, 3]
  const back = await app.crawl(id)
  assert.deepEqual([back.reopened, back.new, back.updated, back.unchanged], [1, 0, 0, 2])
  assert.equal(await zebra(), 1)
  assert.equal((await app.call(`/api/v1/jobs/${slug}`)).body.data.closed_at, null)
  assert.equal((await app.call(`/api/v1/jobs/${slug}`)).body.data.public_slug, slug, 'the same posting, not a copy')

  const sources = (await app.admin('GET', '/admin/sources')).body
  assert.equal(sources.data[0].open_postings, 3)
  assert.equal(sources.data[0].last_crawl.reopened, 1)
})

test('a 2,000-posting board where 20 changed writes those 20 and they are searchable at once', async () => {
  const app = await createSourcesApp()
  let version = 1
  const jobs = () =>
    Array.from({ length: 2000 }, (_, i) => greenhouseJob(10_000 + i, i < 20 ? `Kubernetes Operator ${i} v${version}` : `Backend Engineer ${i}`))
  board.serve('/v1/boards/big/jobs', () => ({ body: greenhouseBoard(jobs()) }))
  const id = await app.addSource('greenhouse:big', { url: `${board.origin}/v1/boards/big/jobs` })
  const first = await app.crawl(id)
  assert.deepEqual([first.listed, first.new], [2000, 2000])

  const writes = () => app.db.prepare('SELECT count(*) FROM search_changes').pluck().get() as number
  const updatedAt = () => app.db.prepare("SELECT count(*) FROM jobs WHERE source = 'greenhouse' AND updated_at > ?").pluck()
  await app.search('q=kubernetes') // the index applies (and drops) the change log of the first crawl
  const before = writes()
  const mark = new Date().toISOString()
  version = 2
  const second = await app.crawl(id)
  assert.deepEqual([second.updated, second.unchanged, second.new, second.closed], [20, 1980, 0, 0])
  assert.equal(updatedAt().get(mark), 20, 'only the 20 changed postings were rewritten')
  assert.equal(writes() - before, 20, 'and only they reached the search change log')
  const found = await app.search('q=kubernetes%20operator%20v2&limit=100')
  assert.equal(found.meta.total, 20)
})

test('removing a source closes the postings it kept open', async () => {
  const app = await createSourcesApp()
  const id = await app.addSource('greenhouse:gone', { url: `${board.origin}/v1/boards/gone/jobs` })
  // Asked to remove it while the board is being read: refused.
  let during: ReturnType<typeof app.admin> | undefined
  board.serve('/v1/boards/gone/jobs', () => {
    during ??= app.admin('DELETE', `/admin/sources/${id}`)
    return { body: greenhouseBoard([greenhouseJob(900, 'Quokka Keeper')]), delayMs: 300 }
  })
  assert.equal((await app.crawl(id)).new, 1)
  assert.equal((await during!).status, 409, 'not removed under a running crawl')
  assert.equal((await app.search('q=quokka')).meta.total, 1)
  const removed = await app.admin('DELETE', `/admin/sources/${id}`)
  assert.equal(removed.status, 200)
  assert.deepEqual(removed.body.data, { id, name: 'greenhouse:gone', removed: true, closed: 1 })
  assert.equal((await app.search('q=quokka')).meta.total, 0)
  assert.equal((await app.admin('GET', '/admin/sources')).body.meta.total, 0)
})
