import { closeSync, openSync, readSync } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'

const CHUNK_BYTES = 1 << 20

/**
 * The lines of a file read in 1 MB chunks, so a JSON Lines dump of any size streams through. The
 * pieces of a line longer than a chunk are kept apart and joined once, when it ends: joining and
 * splitting the growing line at every chunk made a long line cost quadratic time.
 */
export function* readLines(path: string): Generator<string> {
  const fd = openSync(path, 'r')
  const decoder = new StringDecoder('utf8')
  const buffer = Buffer.alloc(CHUNK_BYTES)
  let pending: string[] = []
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) {
      const text = decoder.write(buffer.subarray(0, read))
      const lines = text.split('\n')
      if (lines.length === 1) {
        pending.push(text)
        continue
      }
      pending.push(lines[0]!)
      lines[0] = pending.join('')
      pending = [lines.pop()!]
      yield* lines
    }
    const rest = pending.join('') + decoder.end()
    if (rest) yield rest
  } finally {
    closeSync(fd)
  }
}
