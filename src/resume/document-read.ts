import { badRequest, DomainError } from '../errors.ts'
import { checkPdfInflation, checkZipInflation } from './inflate-check.ts'
import { pdfLines } from './pdf-layout.ts'

/**
 * The text of a résumé file whose type is known (src/resume/document.ts sniffs it), read in the
 * document worker: decompression bombs are refused by what the parts inflate to before the parser
 * reads them.
 */
export async function readDocumentText(bytes: Buffer, type: 'pdf' | 'docx'): Promise<string> {
  return type === 'pdf' ? pdfText(bytes) : docxText(bytes)
}

async function pdfText(bytes: Buffer): Promise<string> {
  // The trailer names an /Encrypt dictionary when the file is encrypted, with or without a password.
  if (/\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(bytes.toString('latin1'))) throw badRequest('the PDF is encrypted: save it without a password and upload it again')
  checkPdfInflation(bytes)
  try {
    return (await pdfLines(bytes)).join('\n')
  } catch (error) {
    if (error instanceof DomainError) throw error
    if (error instanceof Error && /password/i.test(error.name + error.message)) throw badRequest('the PDF is encrypted: save it without a password and upload it again')
    throw badRequest('invalid PDF')
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  checkZipInflation(bytes)
  const mammoth = await import('mammoth')
  try {
    const result = await mammoth.default.extractRawText({ buffer: bytes })
    return result.value.replace(/\n{2,}/g, '\n')
  } catch {
    throw badRequest('invalid DOCX')
  }
}
