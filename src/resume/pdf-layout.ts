import { badRequest } from '../errors.ts'

/**
 * PDF text back into lines in reading order. pdf.js gives positioned runs of text; runs on one
 * baseline form a line. A two-column layout (a sidebar beside the main column) would interleave
 * the columns line by line, so each page is first split at a vertical gutter that no run crosses
 * when there is one, and the main column (the one with the largest type, usually the name) is read before the other.
 */
interface Run {
  str: string
  x: number
  y: number
  width: number
  fontSize: number
}

const MAX_PAGES = 20

export async function pdfLines(bytes: Buffer): Promise<string[]> {
  const { getDocumentProxy, extractTextItems } = await import('unpdf')
  const doc = await getDocumentProxy(new Uint8Array(bytes))
  try {
    if (doc.numPages > MAX_PAGES) throw badRequest(`the PDF has more than ${MAX_PAGES} pages: a résumé is a few pages`)
    const { items } = await extractTextItems(doc)
    return items.flatMap((page) => pageLines(page.filter((run) => run.str.trim() !== '')))
  } finally {
    await doc.destroy()
  }
}

function pageLines(runs: Run[]): string[] {
  const gutter = findGutter(runs)
  if (gutter === null) return toLines(runs)
  const left = runs.filter((run) => run.x < gutter)
  const right = runs.filter((run) => run.x >= gutter)
  // The column holding the largest type (the name, as a rule) is the main one and is read first.
  const largest = (column: Run[]) => Math.max(...column.map((run) => run.fontSize))
  return largest(right) > largest(left) ? [...toLines(right), ...toLines(left)] : [...toLines(left), ...toLines(right)]
}

/** An x no run crosses, with enough lines of text on both sides to be a column and not a tab stop. */
function findGutter(runs: Run[]): number | null {
  if (runs.length < 10) return null
  const left = Math.min(...runs.map((run) => run.x))
  const right = Math.max(...runs.map((run) => run.x + run.width))
  const starts = [...new Set(runs.map((run) => Math.round(run.x)))].sort((a, b) => a - b)
  for (const start of starts) {
    if (start < left + (right - left) * 0.2 || start > left + (right - left) * 0.75) continue
    const crossing = runs.some((run) => run.x < start - 1 && run.x + run.width > start - 4)
    if (crossing) continue
    const leftLines = [...new Set(runs.filter((run) => run.x < start).map((run) => Math.round(run.y)))]
    const rightLines = [...new Set(runs.filter((run) => run.x >= start).map((run) => Math.round(run.y)))]
    // Side by side, not one above the other: lines of each side lie between lines of the other.
    // (Baselines of two columns rarely coincide: each column has its own line spacing.)
    const within = (ys: number[], of: number[]) => ys.filter((y) => y > Math.min(...of) && y < Math.max(...of)).length
    if (leftLines.length >= 4 && rightLines.length >= 4 && within(leftLines, rightLines) >= 3 && within(rightLines, leftLines) >= 3) return start - 1
  }
  return null
}

/** Runs sharing a baseline (within a third of the font size) joined left to right, top line first. */
function toLines(runs: Run[]): string[] {
  const sorted = [...runs].sort((a, b) => b.y - a.y || a.x - b.x)
  const lines: Run[][] = []
  for (const run of sorted) {
    const line = lines.at(-1)
    if (line && Math.abs(line[0]!.y - run.y) <= Math.max(2, run.fontSize / 3)) line.push(run)
    else lines.push([run])
  }
  return lines.map((line) => {
    line.sort((a, b) => a.x - b.x)
    let text = ''
    let end = -Infinity
    for (const run of line) {
      const gap = run.x - end
      if (text && gap > run.fontSize * 0.15 && !text.endsWith(' ') && !run.str.startsWith(' ')) text += ' '
      text += run.str
      end = run.x + run.width
    }
    return text.replace(/\s+/g, ' ').trim()
  })
}
