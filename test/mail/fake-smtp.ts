import { createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

/** Just enough SMTP to accept one message and hand its raw text to the test. */
export async function startFakeSmtp() {
  const received: string[] = []
  const server = createServer((socket: Socket) => {
    let data = false
    let message = ''
    let buffer = ''
    socket.write('220 fake ESMTP\r\n')
    socket.on('data', (chunk) => {
      buffer += chunk.toString()
      let at
      while ((at = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, at)
        buffer = buffer.slice(at + 2)
        if (data) {
          if (line === '.') {
            data = false
            received.push(message)
            socket.write('250 queued\r\n')
          } else message += line + '\n'
          continue
        }
        const verb = line.split(' ')[0].toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n')
        else if (verb === 'DATA') {
          data = true
          socket.write('354 go ahead\r\n')
        } else if (verb === 'QUIT') socket.end('221 bye\r\n')
        else socket.write('250 ok\r\n')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { port: (server.address() as AddressInfo).port, received, close: () => new Promise<void>((r) => server.close(() => r())) }
}
