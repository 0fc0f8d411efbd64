import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { assistantApp } from './helpers.ts'

/**
 * voice-token against an in-process stand-in of an OpenAI-Realtime-style API: POST
 * /v1/realtime/client_secrets with the bearer key answers `{ value, expires_at, session }` as the
 * real API does. The key reaches the stand-in, never the answer or the logs.
 */
async function realtimeStandIn(statuses: number[]) {
  const requests: { url: string; headers: IncomingMessage['headers']; body: any }[] = []
  const server = createServer(async (req, res) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    const body = JSON.parse(raw)
    requests.push({ url: req.url ?? '', headers: req.headers, body })
    const status = statuses.shift() ?? 200
    if (req.method !== 'POST' || req.url !== '/v1/realtime/client_secrets' || status !== 200) {
      res.writeHead(status === 200 ? 404 : status, { 'content-type': 'application/json' }).end('{"error":{"message":"stand-in refused"}}')
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ value: `ek_test_${requests.length}`, expires_at: 1_900_000_000, session: { type: 'realtime', model: body.session.model, instructions: body.session.instructions } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  return { baseUrl, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** Everything this process writes to stdout and stderr while `run` runs. */
async function captureOutput(run: () => Promise<void>): Promise<string> {
  let out = ''
  const [stdout, stderr] = [process.stdout.write.bind(process.stdout), process.stderr.write.bind(process.stderr)]
  const grab = (chunk: unknown) => ((out += String(chunk)), true)
  process.stdout.write = grab as typeof process.stdout.write
  process.stderr.write = grab as typeof process.stderr.write
  try {
    await run()
  } finally {
    process.stdout.write = stdout
    process.stderr.write = stderr
  }
  return out
}

test('voice-token mints a short-lived client secret with the interview instructions; 502 when the API fails; 429 past the hourly budget', async (t) => {
  const api = await realtimeStandIn([200, 500])
  t.after(api.close)
  const secret = 'sk-voice-secret-123'
  const { send, newSession, slugs } = await assistantApp({ voiceRealtimeUrl: api.baseUrl, voiceRealtimeKey: secret, voiceModel: 'stand-in-realtime', voiceTokenSeconds: 120, voiceTokensPerHour: 3, logLevel: 'debug' })
  await send('PATCH', `/jobs/${slugs.acme}/track`, { stage: 'interview' })
  const interview = await newSession(`?preset=interview&job=${slugs.acme}`)
  let minted: any, failed: any, limited: any
  const output = await captureOutput(async () => {
    minted = await send('POST', `/assistant/sessions/${interview}/voice-token`)
    failed = await send('POST', `/assistant/sessions/${interview}/voice-token`)
    await send('POST', `/assistant/sessions/${interview}/voice-token`)
    limited = await send('POST', `/assistant/sessions/${interview}/voice-token`)
  })
  assert.equal(minted.status, 200, JSON.stringify(minted.body))
  assert.deepEqual(minted.body.data, { value: 'ek_test_1', model: 'stand-in-realtime', calls_url: `${api.baseUrl}/realtime/calls`, expires_at: 1_900_000_000 })
  const [request] = api.requests
  assert.equal(request!.headers.authorization, `Bearer ${secret}`)
  assert.deepEqual(request!.body.expires_after, { anchor: 'created_at', seconds: 120 })
  assert.equal(request!.body.session.type, 'realtime')
  assert.match(request!.body.session.instructions, /interviewer for the Senior Rust Engineer role at Acme/)
  assert.deepEqual([failed.status, failed.body.error], [502, 'the voice token could not be minted; try again'])
  assert.equal(limited.status, 429)
  assert.ok(limited.headers.get('retry-after'))
  assert.equal(api.requests.length, 3, 'the refused fourth call never reached the API')
  assert.ok(!JSON.stringify([minted.body, failed.body, limited.body]).includes(secret))
  assert.ok(!output.includes(secret), 'the key is never logged')
})

test('voice-token: 501 without a realtime URL, 409 outside an interview session', async () => {
  const { send, newSession, slugs } = await assistantApp()
  await send('PATCH', `/jobs/${slugs.acme}/track`, { stage: 'interview' })
  const interview = await newSession(`?preset=interview&job=${slugs.acme}`)
  const off = await send('POST', `/assistant/sessions/${interview}/voice-token`)
  assert.deepEqual([off.status, off.body.error], [501, 'voice mode is not configured'])
  const chat = await newSession()
  assert.equal((await send('POST', `/assistant/sessions/${chat}/voice-token`)).status, 409)
})
