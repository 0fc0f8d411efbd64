import { createServer } from 'node:http'
import { listenLocal } from '../helpers/net.ts'

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
  const local = await listenLocal(server)
  const url = `${local.url}/push`
  return { url, received, close: local.close }
}
