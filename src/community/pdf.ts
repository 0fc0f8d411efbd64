/**
 * The two PDF jobs referrals need, without a PDF library: checking that uploaded bytes are a
 * complete PDF (not just a file named .pdf), and writing a plain-text document (the CV a referrer
 * reads). The check is structural: the `%PDF-x.y` header as the very first bytes, and a trailer whose
 * `startxref` points at a cross-reference table or stream inside the file, so a truncated or
 * disguised upload fails. Readers tolerate bytes before the header; we do not: a file that is HTML
 * first and PDF later (a polyglot) would be a page to a browser that sniffs it.
 */
const HEADER = /^%PDF-\d\.\d/
const TAIL_BYTES = 2048

export function isReadablePdf(bytes: Buffer): boolean {
  if (bytes.length < 64) return false
  if (!HEADER.test(bytes.subarray(0, 16).toString('latin1'))) return false
  const tail = bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)).toString('latin1')
  if (!/%%EOF\s*$/.test(tail)) return false
  const startxref = [...tail.matchAll(/startxref\s+(\d+)/g)].pop()
  if (!startxref) return false
  const offset = Number(startxref[1])
  if (offset <= 0 || offset >= bytes.length) return false
  const at = bytes.subarray(offset, offset + 32).toString('latin1')
  return /^xref\b/.test(at) || /^\d+\s+\d+\s+obj\b/.test(at)
}

const LINE_CHARS = 95
const LINES_PER_PAGE = 54

/** Long lines wrapped at word boundaries; characters outside Latin-1 become "?" (the standard font's encoding). */
function wrap(lines: string[]): string[] {
  const out: string[] = []
  for (const raw of lines) {
    let line = raw.replace(/[\u2013\u2014]/g, '-').replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[^\x20-\x7e\xa0-\xff]/g, (c) => (c === '\t' ? '    ' : '?'))
    while (line.length > LINE_CHARS) {
      const cut = line.lastIndexOf(' ', LINE_CHARS) > 20 ? line.lastIndexOf(' ', LINE_CHARS) : LINE_CHARS
      out.push(line.slice(0, cut))
      line = line.slice(cut).trimStart()
    }
    out.push(line)
  }
  return out
}

const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`)

/** A Letter-size PDF of plain text lines in Helvetica; the first line is set larger, as a heading. */
export function renderTextPdf(lines: string[]): Buffer {
  const wrapped = wrap(lines)
  const pages: string[][] = []
  for (let i = 0; i < Math.max(1, wrapped.length); i += LINES_PER_PAGE) pages.push(wrapped.slice(i, i + LINES_PER_PAGE))
  return assemblePdf(pages.map((pageLines, i) => {
    const text = pageLines
      .map((line, n) => (n === 0 && i === 0 ? `/F1 15 Tf (${escape(line)}) Tj /F1 10 Tf 0 -22 Td` : `(${escape(line)}) Tj 0 -13 Td`))
      .join('\n')
    return `BT /F1 10 Tf 54 738 Td\n${text}\nET`
  }))
}

/**
 * Writes a PDF file of Letter pages, one content stream each, with Helvetica as font F1: catalog,
 * page tree, font, two objects a page, then any `extra` objects (numbered on from 4 + 2 × pages),
 * the cross-reference table and the trailer (plus `extra.trailer` entries).
 */
export function assemblePdf(streams: string[], extra: { objects?: string[]; trailer?: string } = {}): Buffer {
  const pageIds = streams.map((_, i) => 4 + i * 2)
  const objects: string[] = []
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>'
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${streams.length} >>`
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'
  streams.forEach((stream, i) => {
    objects[pageIds[i]!] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`
    objects[pageIds[i]! + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`
  })
  objects.push(...(extra.objects ?? []))
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, 'latin1')
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`
  }
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R${extra.trailer ?? ''} >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}
