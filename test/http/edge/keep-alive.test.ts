import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { toNodeHandler } from 'h3'
import { createTestApp } from '../../helpers/app.ts'
import { signUp, TEST_ORIGIN } from '../../helpers/auth.ts'

/**
 * Over a real socket (issue 11, point 11): a body over MAX_BODY_BYTES is refused with 413 and
 * `Connection: close`, and the connection then ends cleanly (FIN), not with a reset.
 */
async function serve() {
  return serveApp(createTestApp().app)
}

async function serveApp(app: ReturnType<typeof createTestApp>['app']) {
  const server = createServer(toNodeHandler(app))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { port: (server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** Writes raw HTTP on one connection and collects what comes back until the server ends it. */
function exchange(port: number, writes: (Buffer | string)[]): Promise<{ received: string; error: NodeJS.ErrnoException | null }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    let error: NodeJS.ErrnoException | null = null
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1')
    })
    socket.on('error', (e) => {
      error = e
    })
    socket.on('close', () => resolve({ received, error }))
    // Ends our side once the answer is in, so a server that keeps the connection open cannot hang the test.
    socket.on('data', () => {
      if (/\r\n0\r\n\r\n$/.test(received) && !/413/.test(received)) socket.end()
    })
    for (const part of writes) socket.write(part)
  })
}

test('a 2 MB body on a keep-alive connection: 413 with Connection: close, then a clean close without ECONNRESET', async (t) => {
  const server = await serve()
  t.after(server.close)
  const body = Buffer.alloc(2 * 1024 * 1024, 'a')
  const { received, error } = await exchange(server.port, [
    `POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`,
    body,
    'GET /api/v1/status HTTP/1.1\r\nHost: localhost\r\n\r\n',
  ])
  const [head] = received.split('\r\n\r\n')
  assert.match(head, /^HTTP\/1\.1 413/)
  assert.match(head, /\r\nconnection: close\r\n/i)
  assert.doesNotMatch(head, /keep-alive/i)
  assert.notEqual(error?.code, 'ECONNRESET', `the client was reset: ${error?.message}`)
})

test('a body within the limit keeps the connection alive for the next request', async (t) => {
  const server = await serve()
  t.after(server.close)
  const body = JSON.stringify({ email: 'a@example.org', password: 'whatever it is' })
  const { received, error } = await exchange(server.port, [
    `POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    'GET /api/v1/auth/oauth/providers HTTP/1.1\r\nHost: localhost\r\n\r\n',
  ])
  assert.equal(error, null)
  assert.equal(received.match(/HTTP\/1\.1 \d{3}/g)?.length, 2, received)
  assert.match(received, /HTTP\/1\.1 401[\s\S]*HTTP\/1\.1 200/)
})

// Issue 39, point 5: answers given before the body was read whole.
test('a 401 before a 900 KB body was read says Connection: close and ends cleanly, without a reset', async (t) => {
  const server = await serve()
  t.after(server.close)
  const body = Buffer.alloc(900 * 1024, 'a')
  const { received, error } = await exchange(server.port, [
    `PUT /api/v1/me/profile HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`,
    body,
    'GET /api/v1/status HTTP/1.1\r\nHost: localhost\r\n\r\n',
  ])
  const [head] = received.split('\r\n\r\n')
  assert.match(head, /^HTTP\/1\.1 401/)
  assert.match(head, /\r\nconnection: close\r\n/i)
  assert.doesNotMatch(head, /keep-alive/i)
  assert.notEqual(error?.code, 'ECONNRESET', `the client was reset: ${error?.message}`)
})

test('chunked bodies over the limit answer the documented 413 JSON (a JSON body, an upload, an MCP batch), then close', async (t) => {
  const { app, call } = createTestApp()
  const user = await signUp(call)
  const server = await serveApp(app)
  t.after(server.close)
  const chunked = (size: number) => Array.from({ length: Math.ceil(size / 0x10000) }, () => `10000\r\n${'a'.repeat(0x10000)}\r\n`).join('') + '0\r\n\r\n'
  const part = '--x\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n'
  const cases = [
    `POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${chunked(2 * 1024 * 1024)}`,
    `PUT /api/v1/me/resume HTTP/1.1\r\nHost: localhost\r\nCookie: ${user.cookie}\r\nOrigin: ${TEST_ORIGIN}\r\nSec-Fetch-Site: same-origin\r\nContent-Type: multipart/form-data; boundary=x\r\nTransfer-Encoding: chunked\r\n\r\n${Buffer.byteLength(part).toString(16)}\r\n${part}\r\n${chunked(9 * 1024 * 1024)}`,
    `POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n${chunked(2 * 1024 * 1024)}`,
  ]
  for (const request of cases) {
    const { received, error } = await exchange(server.port, [request])
    const [head, rest = ''] = received.split('\r\n\r\n')
    assert.match(head, /^HTTP\/1\.1 413/, request.slice(0, 40))
    assert.match(head, /\r\nconnection: close\r\n/i)
    assert.match(rest, /\{"error":"[^"]+"\}/, 'the JSON envelope, not Node’s bare answer')
    assert.notEqual(error?.code, 'ECONNRESET')
  }
})

test('a body trickled a byte at a time is cut off after BODY_TIMEOUT_MS with a 408 JSON answer and the connection closed', async (t) => {
  const { app } = createTestApp({ config: { bodyTimeoutMs: 400 } })
  const server = await serveApp(app)
  t.after(server.close)
  const socket = connect(server.port, '127.0.0.1')
  let received = ''
  socket.on('data', (chunk) => (received += chunk.toString('latin1')))
  socket.on('error', () => {})
  socket.write('POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{')
  const trickle = setInterval(() => socket.write(' '), 100)
  const closed = await new Promise<boolean>((resolve) => {
    socket.on('close', () => resolve(true))
    setTimeout(() => resolve(false), 5000)
  })
  clearInterval(trickle)
  socket.destroy()
  assert.ok(closed, 'the server ended the connection')
  const [head, rest = ''] = received.split('\r\n\r\n')
  assert.match(head, /^HTTP\/1\.1 408/)
  assert.match(head, /\r\nconnection: close\r\n/i)
  assert.match(rest, /the request body did not arrive within 0.4 s/)
})
