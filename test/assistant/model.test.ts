import { test } from 'node:test'
import assert from 'node:assert/strict'
import { assistantApp } from './helpers.ts'
import { chatStandIn } from '../helpers/chat-stand-in.ts'
import { bearerHeaders, sessionHeaders } from '../helpers/auth.ts'
import { readSse } from '../helpers/sse.ts'

/** With MODEL_BASE_URL set: the model drives the tools over the chat-completions streaming protocol (an in-process stand-in). */
const modelConfig = (baseUrl: string) => ({ modelBaseUrl: baseUrl, modelApiKey: 'sk-test', modelName: 'stand-in-1', sseKeepaliveMs: 20 })

test('the model calls a tool, reads its result and answers in streamed pieces', async (t) => {
  const model = await chatStandIn([{ toolCalls: [{ name: 'search_jobs', arguments: { params: 'q=rust&cities=Berlin' } }] }, { text: 'Two Rust jobs in Berlin: Acme and Globex.' }])
  t.after(model.close)
  const { say, newSession, send } = await assistantApp(modelConfig(model.baseUrl))
  const id = await newSession()
  const turn = await say(id, 'Rust in Berlin?')
  assert.deepEqual(turn.events.map((e) => e.event), ['user_prompt', 'tool_use', 'tool_result', 'assistant_text', 'assistant_text', 'assistant_text', 'assistant_text', 'assistant_text', 'assistant_text', 'assistant_text', 'assistant_text', 'usage', 'result'])
  assert.deepEqual(turn.events[1].input, { params: 'q=rust&cities=Berlin' })
  assert.deepEqual(turn.events[2].result.jobs.map((j: any) => j.company).sort(), ['Acme', 'Globex'])
  assert.equal(turn.events.filter((e) => e.event === 'assistant_text').map((e) => e.text).join(''), 'Two Rust jobs in Berlin: Acme and Globex.')
  assert.deepEqual([turn.events.at(-2).input_tokens, turn.events.at(-2).output_tokens], [22, 14])
  assert.equal(turn.events.at(-1).stop_reason, 'end_turn')
  const [first, second] = model.requests
  assert.equal(first!.headers.authorization, 'Bearer sk-test')
  assert.equal(first!.body.model, 'stand-in-1')
  assert.deepEqual(first!.body.tools.map((tool: any) => tool.function.name), ['search_jobs', 'read_job', 'match_analysis', 'save_job', 'set_stage', 'pipeline', 'draft_follow_up', 'list_cvs', 'read_cv', 'patch_cv'])
  assert.deepEqual(second!.body.messages.slice(1).map((m: any) => m.role), ['user', 'assistant', 'tool'])
  assert.equal(second!.body.messages[2].tool_calls[0].function.name, 'search_jobs')
  assert.equal(second!.body.messages[3].tool_call_id, 'call_0')
  const stored = (await send('GET', `/assistant/sessions/${id}`)).body.data.messages
  assert.deepEqual(stored.map((m: any) => m.role), ['user', 'assistant', 'tool', 'assistant'])
  assert.equal(stored[3].content.text, 'Two Rust jobs in Berlin: Acme and Globex.')
})

test('a failing model: the built-in assistant answers the turn, never a 500', async (t) => {
  const model = await chatStandIn([{ status: 500 }])
  t.after(model.close)
  const { say, newSession } = await assistantApp(modelConfig(model.baseUrl))
  const turn = await say(await newSession(), 'show my pipeline')
  assert.equal(turn.status, 200)
  assert.equal(turn.events.find((e) => e.event === 'tool_use').name, 'pipeline')
  assert.equal(turn.events.at(-1).stop_reason, 'end_turn')
})

test('turn slots: one running, one queued, a third 409; cancel ends both as cancelled; keepalives while waiting; the turn survives a disconnect', async (t) => {
  const model = await chatStandIn([{ hold: true, text: 'late answer' }])
  t.after(model.close)
  const { app, key, newSession, say, send } = await assistantApp(modelConfig(model.baseUrl))
  const id = await newSession()
  const post = (text: string) => app.request(`/api/v1/assistant/sessions/${id}/messages`, { method: 'POST', headers: bearerHeaders(key), body: JSON.stringify({ text }) })
  const running = await post('first')
  await model.waitForRequests(1)
  const queued = await post('second')
  assert.equal(queued.status, 200)
  const third = await say(id, 'third')
  assert.deepEqual([third.status, third.body.error], [409, 'this session already has a message waiting'])
  const reading = [readSse(running), readSse(queued)]
  await new Promise((resolve) => setTimeout(resolve, 60))
  assert.equal((await send('POST', `/assistant/sessions/${id}/cancel`)).status, 204)
  const [first, second] = await Promise.all(reading)
  assert.deepEqual(first!.json('result'), [{ type: 'result', stop_reason: 'cancelled' }])
  assert.ok(first!.comments.includes('keepalive'), 'keepalive comments while the model works')
  assert.deepEqual(second!.events.map((e) => e.event), ['queued', 'result'])
  assert.deepEqual(second!.json('result'), [{ type: 'result', stop_reason: 'cancelled' }])
  // A turn whose client went away still finishes and is stored.
  model.script.push({ text: 'stored anyway' })
  const gone = await post('are you there')
  await gone.body!.cancel()
  await model.waitForRequests(2)
  let messages: any[] = []
  for (let i = 0; i < 200 && messages.at(-1)?.content.text !== 'stored anyway'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10))
    messages = (await send('GET', `/assistant/sessions/${id}`)).body.data.messages
  }
  assert.equal(messages.at(-1).content.text, 'stored anyway')
  model.release()
})

test('match analysis with a model: the recommendation is the model’s, streamed as thinking; a failure keeps the template', async (t) => {
  const model = await chatStandIn([{ text: 'Apply: your Rust depth outweighs the Kubernetes gap.' }, { status: 503 }])
  t.after(model.close)
  const { app, key, send, slugs } = await assistantApp(modelConfig(model.baseUrl))
  const { events, json } = await readSse(await app.request(`/api/v1/jobs/${slugs.acme}/match-analysis/stream`, { headers: bearerHeaders(key) }))
  const final = json('final')[0].analysis
  assert.equal(final.recommendation, 'Apply: your Rust depth outweighs the Kubernetes gap.')
  assert.equal(json('thinking').filter((e) => e.stage === 3).map((e) => e.thinking).slice(1).join(''), final.recommendation)
  assert.equal(events.filter((e) => e.event === 'final').length, 1)
  assert.match(model.requests[0]!.body.messages[1].content, /"overall_score":/)
  const fallback = (await send('POST', `/jobs/${slugs.globex}/match-analysis`)).body.data.analysis
  assert.match(fallback.recommendation, /^(Strong|Good|Moderate|Weak|Poor) Fit \(\d+\/100\) for Rust Developer\./)
})

test('the model edits a CV through patch_cv as the agent: one batch per turn, identity fields refused', async (t) => {
  const model = await chatStandIn([
    { toolCalls: [{ name: 'patch_cv', arguments: { cv_id: 'base', ops: [{ kind: 'set', path: 'summary', value: 'Systems engineer.' }] } }] },
    { toolCalls: [{ name: 'patch_cv', arguments: { cv_id: 'base', ops: [{ kind: 'set', path: 'header.email', value: 'mallory@example.org' }] } }] },
    { text: 'Updated your summary; I may not change your e-mail.' },
  ])
  t.after(model.close)
  const { say, newSession, call, alice } = await assistantApp(modelConfig(model.baseUrl))
  const cookie = (method: string, path: string, body?: unknown) => call(`/api/v1${path}`, { method, headers: sessionHeaders(alice.cookie), ...(body !== undefined && { body: JSON.stringify(body) }) })
  const baseId = (await cookie('POST', '/me/cvs', { seed: true })).body.data.id
  const seeded = (await cookie('GET', `/me/cvs/${baseId}`)).body.data.document.summary
  const turn = await say(await newSession(), 'Make my summary say I am a systems engineer, and use mallory@example.org')
  const results = turn.events.filter((e) => e.event === 'tool_result')
  assert.deepEqual(results.map((e) => e.is_error), [false, true])
  assert.match(results[1].result.error, /agent may not change the header/)
  assert.equal(turn.events.at(-1).stop_reason, 'end_turn')
  const cv = (await cookie('GET', `/me/cvs/${baseId}`)).body.data
  assert.equal(cv.document.summary, 'Systems engineer.')
  assert.notEqual(cv.document.header.email, 'mallory@example.org')
  const [revision] = (await cookie('GET', `/me/cvs/${baseId}/revisions`)).body.data
  assert.deepEqual([revision.actor, revision.batch_id], ['agent', results[0].result.batch_id])
  assert.equal((await cookie('POST', `/me/cvs/${baseId}/revisions/batch/${revision.batch_id}/undo`)).status, 200)
  assert.equal((await cookie('GET', `/me/cvs/${baseId}`)).body.data.document.summary, seeded, 'the batch undo puts the seeded summary back')
})

test('in a tailoring session the model is told which CV and job “my CV” means', async (t) => {
  const model = await chatStandIn([{ text: 'Sure.' }])
  t.after(model.close)
  const { say, call, alice, slugs } = await assistantApp(modelConfig(model.baseUrl))
  const tailored = await call('/api/v1/me/cvs/tailor', { method: 'POST', headers: sessionHeaders(alice.cookie), body: JSON.stringify({ job_slug: slugs.acme }) })
  assert.equal(tailored.status, 201)
  const turn = await say(tailored.body.data.session_id, 'tighten my CV')
  assert.equal(turn.events.at(-1).stop_reason, 'end_turn')
  const system = model.requests[0]!.body.messages[0].content as string
  assert.ok(system.includes(tailored.body.data.tailor_cv_id) && system.includes(slugs.acme), system)
})
