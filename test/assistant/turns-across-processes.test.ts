import { test } from 'node:test'
import assert from 'node:assert/strict'
import { twoProcesses } from '../helpers/two-processes.ts'
import { bearerHeaders, createApiKey, signUp } from '../helpers/auth.ts'
import { chatStandIn } from '../helpers/chat-stand-in.ts'
import { readSse } from '../helpers/sse.ts'

/**
 * Turn slots live in the database: one running turn per session and one queued behind it, whichever
 * serving process takes the request, and a cancel sent to any process stops the turn where it runs.
 * The timeouts only stop a turn that was never stopped (a broken cancel) from hanging the suite.
 */
async function assistantProcesses(t: Parameters<typeof twoProcesses>[0], config: Parameters<typeof twoProcesses>[1] = {}) {
  // A queue wait shorter than the tests' timeout: a turn never let run ends cancelled, and the test says so.
  const { a, b } = twoProcesses(t, { assistantQueueWaitSeconds: 30, ...config })
  const user = await signUp(a.call)
  const key = await createApiKey(a.call, user.cookie)
  const session = (await a.call('/api/v1/assistant/sessions', { method: 'POST', headers: bearerHeaders(key) })).body.data.id as string
  /** Sends a message through one process; the response is the turn's stream, or a refusal before it. */
  const say = (process: typeof a, text: string) => process.app.request(`/api/v1/assistant/sessions/${session}/messages`, { method: 'POST', headers: bearerHeaders(key), body: JSON.stringify({ text }) })
  const cancel = (process: typeof a) => process.call(`/api/v1/assistant/sessions/${session}/cancel`, { method: 'POST', headers: bearerHeaders(key) })
  return { a, b, session, say, cancel }
}

test('a turn running in one process queues a message sent to the other, refuses a third in either, and a cancel through the other stops both', { timeout: 60_000 }, async (t) => {
  const model = await chatStandIn([{ hold: true, text: 'late answer' }])
  t.after(model.close)
  const { a, b, say, cancel } = await assistantProcesses(t, { modelBaseUrl: model.baseUrl, modelApiKey: 'sk-test', modelName: 'stand-in-1' })
  const running = await say(a, 'first')
  await model.waitForRequests(1)
  const queued = await say(b, 'second')
  assert.equal(queued.status, 200)
  for (const process of [a, b]) {
    const third = await say(process, 'third')
    assert.deepEqual([third.status, await third.json()], [409, { error: 'this session already has a message waiting' }])
  }
  const reading = [readSse(running), readSse(queued)]
  assert.equal((await cancel(b)).status, 204)
  const [first, second] = await Promise.all(reading)
  assert.deepEqual(first!.json('result'), [{ type: 'result', stop_reason: 'cancelled' }], 'the turn running in the first process was stopped')
  assert.deepEqual(second!.events.map((e) => e.event), ['queued', 'result'])
  assert.deepEqual(second!.json('result'), [{ type: 'result', stop_reason: 'cancelled' }])
  model.release()
})

test('the turn queued in one process starts when the one running in the other ends', { timeout: 60_000 }, async (t) => {
  const model = await chatStandIn([{ hold: true, text: 'first answer' }, { text: 'second answer' }])
  t.after(model.close)
  const { a, b, say } = await assistantProcesses(t, { modelBaseUrl: model.baseUrl, modelApiKey: 'sk-test', modelName: 'stand-in-1' })
  const running = readSse(await say(a, 'first'))
  await model.waitForRequests(1)
  const queued = readSse(await say(b, 'second'))
  model.release()
  const [first, second] = await Promise.all([running, queued])
  assert.deepEqual(first.json('result'), [{ type: 'result', stop_reason: 'end_turn' }])
  assert.deepEqual(second.events.map((e) => e.event).slice(0, 2), ['queued', 'user_prompt'])
  assert.deepEqual(second.json('result'), [{ type: 'result', stop_reason: 'end_turn' }])
  assert.equal(second.json('assistant_text').map((e) => e.text).join(''), 'second answer')
})

test('a turn whose process died (its row no longer marked alive) stops blocking the session', { timeout: 60_000 }, async (t) => {
  const { a, b, session, say } = await assistantProcesses(t)
  // What a process killed with -9 leaves behind: a running turn nobody marks alive any more.
  const orphan = (aliveAt: number) => a.db.prepare("INSERT INTO assistant_turns (session_id, state, owner, alive_at) VALUES (?, 'running', 'killed-host:1:x', ?)").run(session, aliveAt)
  orphan(Date.now())
  const queued = readSse(await say(b, 'show my pipeline'))
  assert.equal((await say(a, 'third')).status, 409, 'while it looks alive, it holds its slot')
  a.db.prepare('UPDATE assistant_turns SET alive_at = alive_at - 60000 WHERE owner = ?').run('killed-host:1:x')
  const turn = await queued
  assert.deepEqual(turn.events.map((e) => e.event).slice(0, 2), ['queued', 'user_prompt'])
  assert.deepEqual(turn.json('result'), [{ type: 'result', stop_reason: 'end_turn' }])

  orphan(Date.now() - 60_000)
  const next = await readSse(await say(a, 'show my pipeline'))
  assert.deepEqual(next.events.map((e) => e.event)[0], 'user_prompt', 'a long-dead turn is not even waited for')
  assert.equal(a.db.prepare('SELECT count(*) FROM assistant_turns').pluck().get(), 0, 'finished and dead turns leave no rows')
})
