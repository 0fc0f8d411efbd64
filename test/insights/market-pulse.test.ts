import { test } from 'node:test'
import assert from 'node:assert/strict'
import { sessionSender, signUp } from '../helpers/auth.ts'
import { historyApp } from './history-catalogue.ts'

// The reference service's smaller insight reads over a catalogue whose history the test wrote.

test('market pulse: weekly open postings of the profile skills, change from the first week; unknown skills left out', async () => {
  const { call } = historyApp()
  const alice = await signUp(call)
  const send = sessionSender(call, alice.cookie)
  assert.deepEqual((await send('GET', '/me/market-pulse')).body, { data: [], meta: { week_start: '2026-06-29' } }, 'no profile: an empty list')
  assert.equal((await send('PUT', '/me/profile', { skills: ['React', 'go', 'rust'], specializations: ['backend'] })).status, 200)
  const { status, body } = await send('GET', '/me/market-pulse')
  assert.equal(status, 200)
  assert.deepEqual(body.meta, { week_start: '2026-06-29' })
  const weeks = ['2026-05-11', '2026-05-18', '2026-05-25', '2026-06-01', '2026-06-08', '2026-06-15', '2026-06-22', '2026-06-29']
  const series = (counts: number[]) => counts.map((open_count, i) => ({ week_start: weeks[i], open_count }))
  assert.deepEqual(body.data, [
    { skill: 'go', open_count: 6, change_pct: null, series: series([0, 0, 0, 0, 6, 6, 6, 6]) },
    { skill: 'react', open_count: 1, change_pct: -66.7, series: series([3, 3, 3, 3, 3, 1, 1, 1]) },
  ])
  assert.equal((await call('/api/v1/me/market-pulse')).status, 401)
})

test('jobs activity: added and removed per period over the whole catalogue, with the velocity rules', async () => {
  const { get } = historyApp()
  const weekly = await get('/api/v1/stats/jobs-activity?granularity=week&from=2026-05-18&to=2026-06-21')
  assert.equal(weekly.status, 200)
  assert.deepEqual(weekly.body.meta, { granularity: 'week', from: '2026-05-18', to: '2026-06-21' })
  assert.deepEqual(weekly.body.data, [
    { period: '2026-05-18', added: 6, removed: 0 },
    { period: '2026-05-25', added: 0, removed: 1 },
    { period: '2026-06-01', added: 0, removed: 0 },
    { period: '2026-06-08', added: 6, removed: 0 },
    { period: '2026-06-15', added: 0, removed: 2 },
  ])
  const daily = await get('/api/v1/stats/jobs-activity')
  assert.deepEqual(daily.body.meta, { granularity: 'day', from: '2026-04-01', to: '2026-06-30' })
  assert.equal(daily.body.data.length, 91)
  for (const query of ['granularity=year', 'from=2026-02-30', 'from=2026-06-30&to=2026-06-01', 'from=2010-01-01&to=2026-06-30']) {
    const bad = await get(`/api/v1/stats/jobs-activity?${query}`)
    assert.equal(bad.status, 400, query)
    assert.equal(typeof bad.body.error, 'string')
  }
})
