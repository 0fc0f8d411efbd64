import { test, mock, after, before } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig } from '../../src/config.ts'
import { openDatabase } from '../../src/db/connection.ts'
import { inProcessCaller } from '../helpers/app.ts'
import { sessionHeaders, signUp } from '../helpers/auth.ts'
import { startStandIn, type StandIn } from './stand-in-boards.ts'
import { greenhouseBoard, greenhouseJob } from './board-shapes.ts'

/**
 * The crawl scheduler inside the serving process: it crawls what is due, and since due times and
 * crawl leases live in the database, a restart neither repeats a finished crawl nor loses an
 * interrupted one.
 */
let board: StandIn
before(async () => {
  board = await startStandIn()
})
after(() => board.close())

const config = defaultConfig({ sourcesCrawlIntervalMinutes: 60, sourcesAllowPrivateHosts: true, sourcesHostDelayMs: 0, sourcesBackoffMs: 5, sourcesRetries: 0 })
const MINUTE = 60_000

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (condition()) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`gave up waiting for ${what}`)
}

/** A serving process on the file: context, app and a moderator session. */
async function serve(path: string) {
  const db = openDatabase(path)
  const ctx = createContext(config, db)
  const call = inProcessCaller(createApp(ctx))
  return { db, ctx, call, stop: async () => (await ctx.close?.(), db.close()) }
}

test('due sources are crawled once per interval, and a restart does not crawl them again early', async () => {
  mock.timers.enable({ apis: ['setInterval'] })
  try {
    const path = join(mkdtempSync(join(tmpdir(), 'openroles-sources-')), 'catalogue.db')
    board.serve('/v1/boards/sched/jobs', { body: greenhouseBoard([greenhouseJob(7, 'Scheduled Engineer')]) })
    const hits = () => board.hits('/v1/boards/sched/jobs')
    const first = await serve(path)
    const mod = await signUp(first.call)
    first.db.prepare("UPDATE users SET role = 'moderator' WHERE id = ?").run(mod.userId)
    const added = await first.call('/api/v1/admin/sources', { method: 'POST', headers: sessionHeaders(mod.cookie), body: JSON.stringify({ name: 'greenhouse:sched', url: `${board.origin}/v1/boards/sched/jobs` }) })
    assert.equal(added.status, 201)
    assert.equal(added.body.data.status, 'new')

    mock.timers.tick(MINUTE)
    await until(() => hits() === 1 && (first.db.prepare('SELECT crawl_started_at FROM board_sources').pluck().get() === null), 'the first scheduled crawl')
    mock.timers.tick(MINUTE)
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.equal(hits(), 1, 'not due again within the interval')
    assert.equal((await first.call('/api/v1/jobs/search?q=scheduled')).body.meta.total, 1)
    await first.stop()

    const second = await serve(path)
    mock.timers.tick(MINUTE)
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.equal(hits(), 1, 'the restarted process knows the source was just crawled')
    const start = Date.now()
    second.ctx.now = () => new Date(start + 61 * MINUTE)
    mock.timers.tick(MINUTE)
    await until(() => hits() === 2, 'the crawl one interval later')
    await until(() => second.db.prepare('SELECT successful_crawls FROM board_sources').pluck().get() === 2, 'the crawl to finish')
    await second.stop()
  } finally {
    mock.timers.reset()
  }
})

test('a crawl interrupted by shutdown stays due and is done once after the restart; a live lease is respected', async () => {
  mock.timers.enable({ apis: ['setInterval'] })
  try {
    const path = join(mkdtempSync(join(tmpdir(), 'openroles-sources-')), 'catalogue.db')
    let hang = true
    board.serve('/v1/boards/cut/jobs', () => (hang ? { hang: true } : { body: greenhouseBoard([greenhouseJob(8, 'Interrupted Engineer')]) }))
    const hits = () => board.hits('/v1/boards/cut/jobs')
    const first = await serve(path)
    const mod = await signUp(first.call)
    first.db.prepare("UPDATE users SET role = 'moderator' WHERE id = ?").run(mod.userId)
    await first.call('/api/v1/admin/sources', { method: 'POST', headers: sessionHeaders(mod.cookie), body: JSON.stringify({ name: 'greenhouse:cut', url: `${board.origin}/v1/boards/cut/jobs` }) })
    mock.timers.tick(MINUTE)
    await until(() => hits() === 1, 'the crawl to start')
    await first.stop() // aborts the request in flight
    const check = openDatabase(path)
    const row = check.prepare('SELECT status, consecutive_failures, crawl_started_at, successful_crawls FROM board_sources').get()
    check.close()
    assert.deepEqual(row, { status: 'new', consecutive_failures: 0, crawl_started_at: null, successful_crawls: 0 }, 'not a failure, lease released')

    hang = false
    const second = await serve(path)
    // Another process holds a live lease: this one leaves the source alone.
    second.db.prepare('UPDATE board_sources SET crawl_started_at = ?').run(new Date().toISOString())
    mock.timers.tick(MINUTE)
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.equal(hits(), 1)
    // That process died: after the lease the source is crawled, once.
    const start = Date.now()
    second.ctx.now = () => new Date(start + (config.sourcesLeaseMinutes + 1) * MINUTE)
    mock.timers.tick(MINUTE)
    await until(() => second.db.prepare('SELECT successful_crawls FROM board_sources').pluck().get() === 1, 'the resumed crawl')
    mock.timers.tick(MINUTE)
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.equal(hits(), 2)
    assert.equal((await second.call('/api/v1/jobs/search?q=interrupted')).body.meta.total, 1)
    await second.stop()
  } finally {
    mock.timers.reset()
  }
})

test('a crawl that outlives its lease renews it, so no second crawl takes the source over', async () => {
  const { createSourcesApp } = await import('./sources-app.ts')
  // A lease of 0.6 s, renewed every 0.2 s; the board takes 1.5 s to answer.
  const app = await createSourcesApp({ sourcesLeaseMinutes: 0.01 })
  const id = await app.addSource('greenhouse:long', { url: `${board.origin}/v1/boards/long/jobs` })
  let second: ReturnType<typeof app.admin> | undefined
  board.serve('/v1/boards/long/jobs', () => {
    second ??= new Promise((resolve) => setTimeout(resolve, 1000)).then(() => app.admin('POST', `/admin/sources/${id}/crawl`))
    return { body: greenhouseBoard([greenhouseJob(77, 'Patient Engineer')]), delayMs: 1500 }
  })
  const first = await app.crawl(id)
  assert.deepEqual([first.ok, first.new], [true, 1])
  assert.equal((await second!).status, 409, 'the lease was renewed past its original expiry')
})
