import { constants, inflateRawSync, inflateSync } from 'node:zlib'
import { badRequest, payloadTooLarge } from '../errors.ts'

/**
 * Decompression bombs, judged by what the bytes inflate to, never by the sizes a file declares
 * (a ZIP entry may declare 900 KB and inflate to 300 MiB). Every compressed part is inflated with
 * a ceiling, so the count stops at the limit and memory never holds more than one part's limit.
 * Runs in the document-reading worker (src/resume/document-worker.ts), before the parser inflates
 * the same parts again within these bounds.
 */
export const INFLATE_LIMITS = {
  /** One ZIP entry or one PDF stream. */
  partBytes: 32 * 1024 * 1024,
  /** Every part of one document together. */
  documentBytes: 64 * 1024 * 1024,
}

const BOMB = 'the file expands to far more than a résumé (refused as a decompression bomb)'

/** Inflated bytes of `data`, at most `limit` (past it: the 413). */
function inflatedSize(data: Buffer, raw: boolean, limit: number): number {
  try {
    const options = { maxOutputLength: Math.max(1, limit), finishFlush: constants.Z_SYNC_FLUSH }
    return (raw ? inflateRawSync(data, options) : inflateSync(data, options)).length
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw payloadTooLarge(BOMB)
    // Damaged data the parser will refuse on its own; it cannot inflate further than zlib did here.
    return 0
  }
}

function createCounter() {
  let total = 0
  return (data: Buffer, raw: boolean) => {
    const room = Math.min(INFLATE_LIMITS.partBytes, INFLATE_LIMITS.documentBytes - total)
    total += inflatedSize(data, raw, room)
  }
}

/** Inflates every entry of a ZIP (a DOCX) as a reader would find it: from the central directory. */
export function checkZipInflation(bytes: Buffer): void {
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  const count = bytes.readUInt16LE(eocd + 10)
  const inflate = createCounter()
  let at = bytes.readUInt32LE(eocd + 16)
  for (let i = 0; i < count; i++) {
    const method = bytes.readUInt16LE(at + 10)
    const compressed = bytes.readUInt32LE(at + 20)
    const local = bytes.readUInt32LE(at + 42)
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) throw badRequest('invalid DOCX: an entry of the ZIP is damaged')
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28)
    if (method === 8) inflate(bytes.subarray(start, start + compressed), true)
    else if (method !== 0) throw badRequest('invalid DOCX: an entry uses a compression Word does not write')
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32)
  }
}

const STREAM = /(?<!end)stream(?:\r\n|\n|\r)/g
const FILTER = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/
/** Filters besides Flate that can expand their data many times over. */
const EXPANDING = new Set(['LZWDecode', 'LZW', 'RunLengthDecode', 'RL'])

/**
 * Inflates every Flate stream of a PDF (content, fonts, object streams, images alike). Filters
 * that could hide a bomb from this count (LZW, run-length, or Flate under another filter) are
 * refused: PDF writers of this century do not use them for a résumé.
 */
export function checkPdfInflation(bytes: Buffer): void {
  const text = bytes.toString('latin1')
  const inflate = createCounter()
  for (const match of text.matchAll(STREAM)) {
    const start = match.index + match[0].length
    const before = text.slice(Math.max(0, match.index - 4096), match.index)
    const dictionary = before.slice(before.lastIndexOf('obj') + 1)
    const filters = [...(FILTER.exec(dictionary)?.[1] ?? '').matchAll(/\/([A-Za-z0-9]+)/g)].map((name) => name[1]!)
    if (filters.length === 0) continue
    const flate = filters.map((name) => name === 'FlateDecode' || name === 'Fl')
    if (filters.some((name) => EXPANDING.has(name)) || flate.slice(1).some(Boolean)) {
      throw badRequest('the PDF compresses its contents in a way this service does not read (LZW, run-length or layered filters): save it again as a PDF and upload it')
    }
    if (!flate[0]) continue
    const end = text.indexOf('endstream', start)
    inflate(bytes.subarray(start, end < 0 ? bytes.length : end), false)
  }
}
