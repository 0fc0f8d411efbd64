import { existsSync } from 'node:fs'
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler'
import { rootOf, type CvRow } from './store.ts'
import { CV_LAYOUT } from './layout.ts'
import { TEMPLATES } from './catalog.ts'
import type { Photo } from '../profile/photo.ts'

/**
 * CV PDFs, typeset by Typst (the compiler ships as a native npm package). The layout is layout.ts;
 * the CV goes in as JSON through sys.inputs, so no user text is ever parsed as Typst markup.
 * Fonts: Libertinus Serif and DejaVu Sans Mono are built into the compiler; Tinos, Liberation
 * Sans, Carlito and WenQuanYi Micro Hei (for Chinese) come from the Debian font packages .ci/run
 * installs. A missing family falls back to Libertinus Serif / DejaVu Sans, never to a download.
 * The compiler's workspace is a directory that does not exist: the only file the layout can read
 * is the owner's photo, mapped in memory for the one compilation that needs it.
 */
const FONT_DIRS = ['/usr/share/fonts/truetype/croscore', '/usr/share/fonts/truetype/crosextra', '/usr/share/fonts/truetype/liberation', '/usr/share/fonts/truetype/wqy', '/usr/share/fonts/truetype/dejavu']
const WORKSPACE = '/openroles-cv-workspace'
const PHOTO_PATH = '/photo'

let compiler: NodeCompiler | undefined

/** One compiler for the process: creating it loads the fonts (tens of ms); each PDF then reuses them. */
function typst(): NodeCompiler {
  compiler ??= NodeCompiler.create({ workspace: WORKSPACE, fontArgs: [{ fontPaths: FONT_DIRS.filter((dir) => existsSync(dir)) }] })
  return compiler
}

/**
 * The PDF of a CV: its text is selectable (an ATS reads it), its links are clickable. `targets`
 * maps a link's destination to the URL the PDF should point at instead (tracer links); `photo` is
 * printed by the templates that show one (initials otherwise).
 */
export function renderCvPdf(row: CvRow, targets: Record<string, string> = {}, photo?: Photo): Buffer {
  const { title, template_id, ...document } = rootOf(row)
  const inputs: Record<string, string> = { cv: JSON.stringify({ title, document }), template: String(template_id), targets: JSON.stringify(targets) }
  const showsPhoto = TEMPLATES.some((t) => t.id === template_id && t.photo)
  if (photo && showsPhoto) {
    try {
      return compile({ ...inputs, photo: PHOTO_PATH }, photo.bytes)
    } catch {
      // Pixel data the container check let through but Typst cannot decode: print the initials.
    }
  }
  return compile(inputs)
}

function compile(inputs: Record<string, string>, photoBytes?: Buffer): Buffer {
  const compiler = typst()
  // Compilation is synchronous, so mapping the photo around it cannot meet another CV's render.
  if (photoBytes) compiler.mapShadow(WORKSPACE + PHOTO_PATH, photoBytes)
  try {
    return compiler.pdf({ mainFileContent: CV_LAYOUT, inputs })
  } finally {
    if (photoBytes) compiler.unmapShadow(WORKSPACE + PHOTO_PATH)
    compiler.evictCache(30)
  }
}
