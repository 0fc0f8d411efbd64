import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A push gateway on a local port that records what it was sent and answers `status`. */
export async function fakeGateway(status = 200) {
  const received: any[] = []
  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk) => (text += chunk))
    req.on('end', () => {
      received.push(JSON.parse(text))
      res.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push`
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) }
}
