import { closeSync, openSync, readFileSync, readSync } from 'node:fs'
import { isJsonLd, jsonLdScripts } from './json-ld.ts'
import { readJsonArrays } from './json-array-stream.ts'
import { readLines } from './read-lines.ts'

/**
 * Reading import files: JSON Lines (streamed), a JSON document (object, array, JSON-LD), or an HTML
 * career page whose `application/ld+json` scripts are read with a real HTML parser. JSON that does
 * not parse is reported once with its line and column, never as one rejection per line.
 */

/** One record to import and where it came from ("line 3", "record 2", "page"), for the rejection report. */
export interface ImportInput {
  at: string
  value: unknown
  /** Who the record is, when the caller knows better than the record (a crawled board and its own id). */
  identity?: { source: string; externalId: string }
}

/** What an input that cannot be read becomes: reported as a rejection with the reason, never written. */
export class Unreadable {
  constructor(readonly reason: string) {}
}

/**
 * A JSON.parse error with its place, without echoing the file's text: "Expected ',' or ']' after
 * array element in JSON at position 812" -> "invalid JSON at line 31, column 5: expected ',' or ']'
 * after array element". V8 gives no position for an unexpected token, only a snippet around it:
 * the line is then found from where the snippet is.
 */
export function jsonErrorText(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error)
  const where = (offset: number) => {
    const before = text.slice(0, offset)
    return { line: before.split('\n').length, column: before.length - before.lastIndexOf('\n') }
  }
  const position = /at position (\d+)/.exec(message)
  if (position) {
    const { line, column } = where(Number(position[1]))
    const what = message.replace(/\s*(in JSON )?at position \d+.*$/s, '')
    return `invalid JSON at line ${line}, column ${column}: ${what[0]!.toLowerCase()}${what.slice(1)}`
  }
  const token = /^Unexpected token '(.)', "(?:\.\.\.)?(.*?)(?:\.\.\.)?" is not valid JSON$/s.exec(message)
  if (token) {
    const at = text.indexOf(token[2]!)
    return at >= 0 ? `invalid JSON near line ${where(at).line}: unexpected token '${token[1]}'` : `invalid JSON: unexpected token '${token[1]}'`
  }
  return /end of JSON input/.test(message) ? 'invalid JSON: the document ends too early' : 'invalid JSON'
}

function parse(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    return { ok: false, error }
  }
}

export type ImportFormat = 'array' | 'json' | 'html' | { unsupported: string }

const SUPPORTED = 'openroles imports JSON Lines, JSON (our Job shape or schema.org JobPosting) and HTML pages with JSON-LD'

/** What a file holds, from its first bytes: a JSON array (streamed), other JSON, an HTML page, or a format openroles does not read. */
export function importFormat(path: string): ImportFormat {
  const fd = openSync(path, 'r')
  const head = Buffer.alloc(4096)
  let read: number
  try {
    read = readSync(fd, head)
  } finally {
    closeSync(fd)
  }
  const text = head.subarray(0, read).toString('latin1').replace(/^\xef\xbb\xbf/, '')
  const first = text.trimStart()[0]
  if (first === '[') return 'array'
  if (first === '{') return 'json'
  if (first === '<') return 'html'
  if (text.startsWith('%PDF')) return { unsupported: `unsupported format: a PDF document; ${SUPPORTED}` }
  if (text.startsWith('PK\x03\x04')) return { unsupported: `unsupported format: a ZIP archive (a spreadsheet or Word file?); ${SUPPORTED}` }
  const firstLine = text.split('\n')[0]!
  if (/[,;\t]/.test(firstLine) && !/[{}[\]]/.test(firstLine)) return { unsupported: `unsupported format: this looks like CSV; ${SUPPORTED}` }
  return { unsupported: `unsupported format: not JSON, JSON Lines or an HTML page; ${SUPPORTED}` }
}

/**
 * The inputs of one file. A JSON array (or JSON Lines of arrays) is streamed element by element,
 * whatever its line length. A file whose first line is a complete JSON value is JSON Lines; an HTML
 * page gives one input holding all its JSON-LD blocks (so an Organization block beside the
 * JobPosting is simply skipped); anything else is one JSON document.
 */
export function* readImportFile(path: string, format: ImportFormat = importFormat(path)): Generator<ImportInput> {
  if (format === 'array') {
    for (const item of readJsonArrays(path)) {
      if ('error' in item) {
        yield { at: 'document', value: new Unreadable(item.error) }
        return
      }
      const parsed = parse(item.text)
      const at = `line ${item.line}, record ${item.index}`
      yield { at, value: parsed.ok ? parsed.value : new Unreadable(jsonErrorText(parsed.error, item.text).replace(/ at line 1, column \d+/, '').replace(' near line 1', '')) }
    }
    return
  }
  const lines = readLines(path)
  const first = lines.next()
  const firstLine = first.done ? '' : first.value.replace(/^\uFEFF/, '')
  if (parse(firstLine).ok) {
    let n = 1
    for (let line: string | undefined = firstLine; line !== undefined; n += 1) {
      if (line.trim()) yield* expand(jsonLine(line, n))
      const next = lines.next()
      line = next.done ? undefined : next.value
    }
    return
  }
  lines.return(undefined)
  const content = readFileSync(path, 'utf8').replace(/^\uFEFF/, '')
  if (content.trimStart().startsWith('<')) {
    const blocks: unknown[] = []
    for (const [i, script] of jsonLdScripts(content).entries()) {
      const parsed = parse(script)
      if (parsed.ok) blocks.push(parsed.value)
      else yield { at: `script ${i + 1}`, value: new Unreadable(jsonErrorText(parsed.error, script)) }
    }
    yield { at: 'page', value: blocks.length ? blocks : new Unreadable('the page has no JSON-LD script') }
    return
  }
  const whole = parse(content)
  if (whole.ok) {
    yield* expand({ at: 'document', value: whole.value })
    return
  }
  // JSON Lines whose first line is broken: the second line parses on its own.
  const rest = content.split('\n')
  const second = rest.slice(1).find((line) => line.trim())
  if (second !== undefined && /^\s*[{[]/.test(second) && parse(second).ok) {
    for (const [i, line] of rest.entries()) if (line.trim()) yield* expand(jsonLine(line, i + 1))
    return
  }
  yield { at: 'document', value: new Unreadable(jsonErrorText(whole.error, content)) }
}

function jsonLine(line: string, n: number): ImportInput {
  const parsed = parse(line)
  if (parsed.ok) return { at: `line ${n}`, value: parsed.value }
  // The line number is the file's: the place inside the line is a column.
  const reason = jsonErrorText(parsed.error, line).replace(' at line 1, column', ' at column').replace(' near line 1', '')
  return { at: `line ${n}`, value: new Unreadable(reason) }
}

/** An array of postings in our shape is one input per element; a JSON-LD array stays one document. */
function* expand(input: ImportInput): Generator<ImportInput> {
  if (!Array.isArray(input.value) || input.value.some(isJsonLd)) {
    yield input
    return
  }
  const prefix = input.at === 'document' ? '' : `${input.at}, `
  for (const [i, value] of input.value.entries()) yield { at: `${prefix}record ${i + 1}`, value }
}
