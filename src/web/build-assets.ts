import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { build } from 'esbuild'
import { projectRoot } from '../paths.ts'

/** One browser file of the search page, served under /assets/ with a content hash in its name. */
export interface WebAsset {
  name: string
  contentType: string
  body: string
}

/** The page's script and stylesheet, by role, plus a hash of both for the HTML shell's ETag. */
export interface WebAssets {
  script: WebAsset
  style: WebAsset
  version: string
}

/**
 * Bundles src/web/main.ts into one minified script and src/web/styles.css into one stylesheet, in
 * memory. build.mjs embeds the result into dist/openroles.mjs; running from source,
 * src/http/web.ts calls it on the first page request so the page is never stale.
 */
export async function buildWebAssets(): Promise<WebAssets> {
  const result = await build({
    entryPoints: [join(projectRoot, 'src/web/main.ts'), join(projectRoot, 'src/web/styles.css')],
    outdir: join(projectRoot, 'dist/web'),
    entryNames: '[name]-[hash]',
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  })
  const asset = (extension: string, contentType: string): WebAsset => {
    const file = result.outputFiles.find((output) => output.path.endsWith(extension))
    if (!file) throw new Error(`web build produced no ${extension} file`)
    return { name: file.path.slice(file.path.lastIndexOf('/') + 1), contentType, body: file.text }
  }
  const script = asset('.js', 'text/javascript; charset=utf-8')
  const style = asset('.css', 'text/css; charset=utf-8')
  const version = createHash('sha256').update(script.name).update(style.name).digest('hex').slice(0, 16)
  return { script, style, version }
}
