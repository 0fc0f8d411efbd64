import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createProgress } from '../../src/ingest/progress.ts'

function fakeClock() {
  let at = 1_000_000
  return { now: () => at, advance: (ms: number) => (at += ms) }
}

test('off a terminal, progress is a plain line per period and one per finished stage', () => {
  const lines: string[] = []
  const clock = fakeClock()
  const progress = createProgress('seeding', 1000, { out: { isTTY: false, write: (text) => lines.push(text) }, every: 10_000, now: clock.now, cpu: () => clock.now() / 2 })
  progress.update(0, 'postings', 1000)
  for (let done = 100; done <= 1000; done += 100) {
    clock.advance(4000)
    progress.update(done)
  }
  progress.update(0, 'derived data', 1000)
  clock.advance(1000)
  progress.update(1000)
  progress.done()
  assert.ok(lines.every((line) => line.endsWith('\n') && !line.includes('\r')), 'plain lines only')
  const postings = lines.filter((line) => line.startsWith('seeding postings'))
  // 40 s of postings at one line per 10 s (the first period only starts the clock), then the summary.
  assert.equal(postings.length, 4)
  assert.match(postings[0]!, /^seeding postings: 300\/1000 \(30%\), 25\/s ~28 s left\n$/)
  assert.match(postings.at(-1)!, /^seeding postings: 1000\/1000 \(100%\), 25\/s done in 40 s \(20 s CPU\)\n$/)
  assert.deepEqual(lines.filter((line) => line.startsWith('seeding derived data')), ['seeding derived data: 1000/1000 (100%), 1000/s done in 1 s (1 s CPU)\n'])
})

test('on a terminal, progress redraws one line and ends each stage with a newline', () => {
  let written = ''
  const clock = fakeClock()
  const progress = createProgress('seeding', 200, { out: { isTTY: true, write: (text) => (written += text) }, now: clock.now, cpu: clock.now })
  for (let done = 0; done <= 200; done += 50) {
    clock.advance(500)
    progress.update(done, 'postings', 200)
  }
  progress.done()
  const redraws = written.split('\r\x1b[2K').filter(Boolean)
  assert.ok(redraws.length >= 4, 'redrawn in place')
  assert.ok(redraws.slice(0, -1).every((line) => !line.includes('\n')))
  assert.match(redraws.at(-1)!, /^seeding postings: 200\/200 \(100%\), \d+\/s done in 2 s \(2 s CPU\)\n$/)
})
