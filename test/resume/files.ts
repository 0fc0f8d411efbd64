import { crc32, deflateRawSync, deflateSync } from 'node:zlib'
import { assemblePdf } from '../../src/community/pdf.ts'

/**
 * Résumé files made in the test, so no binary fixture is shipped: a PDF writer that places text
 * runs where a layout puts them (one or two columns, several pages), and a DOCX writer (a ZIP
 * with the three parts Word needs). Both produce files real readers open.
 */
export interface PdfRun {
  x: number
  y: number
  text: string
  size?: number
}

/** WinAnsi for the standard font: the typographic marks résumés use get their code points there. */
const WIN_ANSI: Record<string, string> = { '—': '\\227', '–': '\\226', '•': '\\225', '’': '\\222', '€': '\\200' }
const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[—–•’€]/g, (c) => WIN_ANSI[c]!).replace(/[^\x00-\xff]/g, '?')

export function makePdf(pages: PdfRun[][], options: { encrypt?: boolean; imageOnly?: boolean } = {}): Buffer {
  const streams = pages.map((runs) =>
    options.imageOnly
      ? '0.5 g 50 50 500 700 re f'
      : runs.map((run) => `BT /F1 ${run.size ?? 10} Tf ${run.x} ${run.y} Td (${escape(run.text)}) Tj ET`).join('\n'))
  if (!options.encrypt) return assemblePdf(streams)
  const encryptId = 4 + 2 * pages.length
  return assemblePdf(streams, {
    objects: [`<< /Filter /Standard /V 1 /R 2 /O (${'x'.repeat(32)}) /U (${'y'.repeat(32)}) /P -44 >>`],
    trailer: ` /Encrypt ${encryptId} 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]`,
  })
}

/** Lines of text set top-down in one column, page after page. */
export function linesPdf(lines: string[]): Buffer {
  const pages: PdfRun[][] = [[]]
  let y = 740
  for (const line of lines) {
    if (y < 60) {
      pages.push([])
      y = 740
    }
    pages.at(-1)!.push({ x: 54, y, text: line, size: pages.length === 1 && y === 740 ? 18 : 10 })
    y -= 14
  }
  return makePdf(pages)
}

/** A sidebar (left, narrow) beside the main column, both starting at the top. */
export function twoColumnPdf(sidebar: string[], main: string[]): Buffer {
  const runs: PdfRun[] = []
  sidebar.forEach((text, i) => runs.push({ x: 40, y: 740 - i * 14, text: text.slice(0, 32), size: 9 }))
  main.forEach((text, i) => runs.push({ x: 230, y: 740 - i * 14, text, size: i === 0 ? 18 : 10 }))
  return makePdf([runs])
}

interface ZipEntry {
  name: string
  data: Buffer
  /** Declared size written in the headers, for forged archives. */
  declaredSize?: number
}

export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const packed = deflateRawSync(entry.data)
    const crc = crc32(entry.data)
    const size = entry.declaredSize ?? entry.data.length
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(packed.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, packed)
    centrals.push(central, name)
    offset += 30 + name.length + packed.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A Word document with one paragraph per line. */
export function makeDocx(lines: string[]): Buffer {
  const body = lines.map((line) => `<w:p><w:r><w:t xml:space="preserve">${xml(line)}</w:t></w:r></w:p>`).join('')
  return makeZip([
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>') },
    { name: '_rels/.rels', data: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>') },
    { name: 'word/document.xml', data: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`) },
  ])
}

/**
 * A one-page PDF whose content stream is Flate-compressed: the text, then `padding` bytes of
 * spaces (which compress about 1000:1, so a large padding makes a decompression bomb).
 */
export function flatePdf(text: string, padding: number): Buffer {
  const content = Buffer.concat([Buffer.from(`BT /F1 12 Tf 50 700 Td (${escape(text)}) Tj ET\n`, 'latin1'), Buffer.alloc(padding, 0x20)])
  const packed = deflateSync(content)
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  const offsets: number[] = []
  let length = parts[0]!.length
  const add = (id: number, ...chunks: Buffer[]) => {
    offsets[id] = length
    for (const chunk of [Buffer.from(`${id} 0 obj\n`), ...chunks, Buffer.from('\nendobj\n')]) {
      parts.push(chunk)
      length += chunk.length
    }
  }
  add(1, Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'))
  add(2, Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'))
  add(3, Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>'))
  add(4, Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'))
  add(5, Buffer.from(`<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`), packed, Buffer.from('\nendstream'))
  let xref = `xref\n0 6\n0000000000 65535 f \n`
  for (let id = 1; id <= 5; id++) xref += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`
  parts.push(Buffer.from(`${xref}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`))
  return Buffer.concat(parts)
}
