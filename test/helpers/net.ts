import type { AddressInfo } from 'node:net'
import { createConnection, createServer } from 'node:net'
import type { Server as HttpServer } from 'node:http'

/** A TCP port free on 127.0.0.1 right now, for a real server a test starts (a CLI process, a mail server). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Whether a server on 127.0.0.1:`port` takes a connection (with `greets`: and speaks first, as IMAP does). */
export function answers(port: number, options: { greets?: boolean } = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(port, '127.0.0.1')
    socket.once(options.greets ? 'data' : 'connect', () => socket.end(() => resolve(true)))
    socket.once('error', () => resolve(false))
  })
}

/** Serves an in-process stand-in on a free loopback port: its base URL and how to close it (open connections too). */
export async function listenLocal(server: HttpServer): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }) }
}
