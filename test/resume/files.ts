import { crc32, deflateRawSync } from 'node:zlib'
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
