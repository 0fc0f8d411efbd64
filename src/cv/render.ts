import { existsSync } from 'node:fs'
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler'
import { rootOf, type CvRow } from './store.ts'
import { CV_LAYOUT } from './layout.ts'

/**
 * CV PDFs, typeset by Typst (the compiler ships as a native npm package). The layout is layout.ts;
 * the CV goes in as JSON through sys.inputs, so no user text is ever parsed as Typst markup.
 * Fonts: Libertinus Serif and DejaVu Sans Mono are built into the compiler; Tinos, Liberation
 * Sans, Carlito and WenQuanYi Micro Hei (for Chinese) come from the Debian font packages .ci/run
 * installs. A missing family falls back to Libertinus Serif / DejaVu Sans, never to a download.
 */
const FONT_DIRS = ['/usr/share/fonts/truetype/croscore', '/usr/share/fonts/truetype/crosextra', '/usr/share/fonts/truetype/liberation', '/usr/share/fonts/truetype/wqy', '/usr/share/fonts/truetype/dejavu']

let compiler: NodeCompiler | undefined

/** One compiler for the process: creating it loads the fonts (tens of ms); each PDF then reuses them. */
function typst(): NodeCompiler {
  compiler ??= NodeCompiler.create({ fontArgs: [{ fontPaths: FONT_DIRS.filter((dir) => existsSync(dir)) }] })
  return compiler
}

/** The PDF of a CV: its text is selectable (an ATS reads it), its links are clickable. */
/** `targets` maps a link's destination to the URL the PDF should point at instead (tracer links). */
export function renderCvPdf(row: CvRow, targets: Record<string, string> = {}): Buffer {
  const { title, template_id, ...document } = rootOf(row)
  const cv = JSON.stringify({ title, document })
  const compiler = typst()
  try {
    return compiler.pdf({ mainFileContent: CV_LAYOUT, inputs: { cv, template: String(template_id), targets: JSON.stringify(targets) } })
  } finally {
    compiler.evictCache(30)
  }
}
