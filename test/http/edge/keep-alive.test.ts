import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { toNodeHandler } from 'h3'
import { createTestApp } from '../../helpers/app.ts'

/**
 * Over a real socket (issue 11, point 11): a body over MAX_BODY_BYTES is refused with 413 and
 * `Connection: close`, and the connection then ends cleanly (FIN), not with a reset.
 */
async function serve() {
  const { app } = createTestApp()
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
