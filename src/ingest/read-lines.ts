import { closeSync, openSync, readSync } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'

const CHUNK_BYTES = 1 << 20

/** The lines of a file read in 1 MB chunks, so a JSON Lines dump of any size streams through. */
export function* readLines(path: string): Generator<string> {
  const fd = openSync(path, 'r')
  const decoder = new StringDecoder('utf8')
  const buffer = Buffer.alloc(CHUNK_BYTES)
  let pending = ''
  try {
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) {
      const lines = (pending + decoder.write(buffer.subarray(0, read))).split('\n')
      pending = lines.pop()!
      yield* lines
    }
    pending += decoder.end()
    if (pending) yield pending
  } finally {
    closeSync(fd)
  }
}
