import { closeSync, openSync, readSync } from 'node:fs'

/**
 * The elements of a file holding a JSON array (or several arrays one after another, as JSON Lines
 * of arrays), read in 1 MB chunks: each element's text is cut out by a byte scanner and parsed on
 * its own, so a file of any size, even one line of hundreds of megabytes, takes time linear in its
 * size and memory bounded by its largest element. UTF-8 keeps every byte of a multi-byte character
 * above 0x7f, so scanning for ASCII brackets, quotes and commas byte by byte is exact.
 *
 * A structural error (a missing comma, a document that ends inside a value) ends the scan with its
 * line and column; the elements before it have been given already.
 */
const CHUNK_BYTES = 1 << 20

export type ArrayItem = { index: number; line: number; text: string } | { error: string }

const [SPACE, TAB, LF, CR, QUOTE, BACKSLASH, COMMA, OPEN_ARRAY, CLOSE_ARRAY, OPEN_OBJECT, CLOSE_OBJECT] = [32, 9, 10, 13, 34, 92, 44, 91, 93, 123, 125]
const isSpace = (byte: number) => byte === SPACE || byte === LF || byte === CR || byte === TAB

/** outside: before an array; expect: a value or `]`; value: inside an element; after: `,` or `]`. */
type State = 'outside' | 'expect' | 'value' | 'after'

export function* readJsonArrays(path: string): Generator<ArrayItem> {
  const fd = openSync(path, 'r')
  let state: State = 'outside'
  let line = 1
  let column = 0
  let depth = 0
  let inString = false
  let escaped = false
  let index = 0
  let startLine = 0
  let parts: Buffer[] = []
  let first = true
  const at = (what: string) => ({ error: `invalid JSON at line ${line}, column ${column}: ${what}` })
  try {
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES)
      const read = readSync(fd, chunk)
      if (read === 0) break
      let i = 0
      if (first && read >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) i = 3
      first = false
      let start = state === 'value' ? 0 : -1
      const data = chunk.subarray(0, read)
      for (; i < read; i++) {
        if (inString && !escaped) {
          // Inside a string only a quote or a backslash matters (JSON strings hold no raw line break): jump to the next one.
          const quote = data.indexOf(QUOTE, i)
          const end = quote < 0 ? read : quote
          const backslash = data.subarray(i, end).indexOf(BACKSLASH)
          const stop = backslash < 0 ? end : i + backslash
          column += stop - i
          i = stop
          if (i === read) break
        }
        const byte = data[i]!
        if (byte === LF) {
          line += 1
          column = 0
        } else column += 1
        if (state === 'value') {
          let end = -1
          let next: State = 'after'
          if (inString) {
            if (escaped) escaped = false
            else if (byte === BACKSLASH) escaped = true
            else if (byte === QUOTE) {
              inString = false
              if (depth === 0) end = i + 1
            }
          } else if (byte === QUOTE) inString = true
          else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) depth += 1
          else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
            // At depth 0 the bracket closes the array itself, ending the number or literal before it.
            if (depth === 0) [end, next] = [i, 'outside']
            else if (--depth === 0) end = i + 1
          } else if (depth === 0 && (byte === COMMA || isSpace(byte))) [end, next] = [i, byte === COMMA ? 'expect' : 'after']
          if (end >= 0) {
            parts.push(data.subarray(start, end))
            yield { index: ++index, line: startLine, text: Buffer.concat(parts).toString('utf8') }
            parts = []
            state = next
          }
          continue
        }
        if (isSpace(byte)) continue
        if (state === 'outside') {
          if (byte !== OPEN_ARRAY) return yield at('expected an array')
          state = 'expect'
        } else if (state === 'after') {
          if (byte === COMMA) state = 'expect'
          else if (byte === CLOSE_ARRAY) state = 'outside'
          else return yield at("expected ',' or ']' after array element")
        } else if (byte === CLOSE_ARRAY) {
          state = 'outside'
        } else {
          state = 'value'
          start = i
          startLine = line
          depth = byte === OPEN_ARRAY || byte === OPEN_OBJECT ? 1 : 0
          inString = byte === QUOTE
        }
      }
      if (state === 'value') parts.push(data.subarray(start, read))
    }
    if (state !== 'outside') yield { error: 'invalid JSON: the document ends too early' }
  } finally {
    closeSync(fd)
  }
}
