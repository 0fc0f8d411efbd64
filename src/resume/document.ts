import { badRequest, payloadTooLarge, unsupportedType } from '../errors.ts'
import { readInWorker } from './document-thread.ts'

/**
 * An uploaded résumé file turned into text. The type comes from the bytes, never the file name:
 * `%PDF-` is a PDF, a ZIP holding `word/document.xml` is a DOCX, anything else (an executable
 * renamed .pdf, an image) is 415. Hostile files fail before a parser spends effort on them: a ZIP
 * whose directory declares more than a fixed budget is 413 at once; what the parts really inflate
 * to is counted in the reading worker (src/resume/inflate-check.ts, 413 past its limits); an
 * encrypted PDF is 400, and a PDF without a text layer (a scan) is 400 with the reason.
 */
export type ResumeSource = 'pdf' | 'docx' | 'text'

/** What a DOCX may expand to in all; a real résumé is well under 5 MB of XML. */
const MAX_EXPANDED_BYTES = 40 * 1024 * 1024
/** A single entry compressing better than this is a bomb, not a document. */
const MAX_RATIO = 200
const MAX_ENTRIES = 2000

export function sniffType(bytes: Buffer): 'pdf' | 'docx' {
  if (bytes.length === 0) throw badRequest('the résumé file is empty')
  const head = bytes.subarray(0, 1024).toString('latin1')
  if (/^(\xef\xbb\xbf)?\s*%PDF-/.test(head)) return 'pdf'
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) {
    checkDocxZip(bytes)
    return 'docx'
  }
  throw unsupportedType('the résumé must be a PDF or a DOCX file (its contents are neither)')
}

/** Reads the ZIP central directory: the entry names and their declared sizes. */
function checkDocxZip(bytes: Buffer): void {
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (eocd < 0 || eocd + 22 > bytes.length) throw badRequest('invalid DOCX: the ZIP archive is incomplete')
  const count = bytes.readUInt16LE(eocd + 10)
  let at = bytes.readUInt32LE(eocd + 16)
  if (count > MAX_ENTRIES) throw payloadTooLarge('the DOCX holds too many entries')
  let expanded = 0
  let hasDocument = false
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw badRequest('invalid DOCX: the ZIP directory is damaged')
    const compressed = bytes.readUInt32LE(at + 20)
    const size = bytes.readUInt32LE(at + 24)
    const nameLength = bytes.readUInt16LE(at + 28)
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8')
    if (name === 'word/document.xml') hasDocument = true
    expanded += size
    if (expanded > MAX_EXPANDED_BYTES || (size > 1024 * 1024 && size > compressed * MAX_RATIO)) {
      throw payloadTooLarge('the DOCX expands to far more than a résumé (refused as a zip bomb)')
    }
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32)
  }
  if (!hasDocument) throw unsupportedType('the ZIP file is not a Word document (no word/document.xml)')
}

const NO_TEXT = "couldn't read any text from this file: it may be a scan or an image. Upload a PDF with a text layer, a DOCX, or paste the text"

/** The text of an uploaded file, in reading order, one line per line of the document. */
export async function documentText(bytes: Buffer, timeoutMs: number): Promise<{ source: ResumeSource; text: string }> {
  const source = sniffType(bytes)
  const text = await readInWorker(bytes, source, timeoutMs)
  if (text.replace(/\s+/g, '').length < 20) throw badRequest(NO_TEXT)
  return { source, text }
}
