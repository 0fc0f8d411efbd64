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

/** Where Redoc's sidebar would fetch its logo from a CDN; the page is offline, so the image goes. */
const REDOC_CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg'

/**
 * The API reference viewer (src/web/docs-viewer.ts with Redoc's standalone bundle), built apart
 * from the search page's assets because only /api/v1/docs loads it and it is large (~1 MB).
 * The one remote URL in Redoc's bundle (its logo) becomes an empty data URL, which its own error
 * handler then hides, so the page makes no request beyond this server.
 */
export async function buildDocsViewer(): Promise<WebAsset> {
  const result = await build({
    entryPoints: [join(projectRoot, 'src/web/docs-viewer.ts')],
    outdir: join(projectRoot, 'dist/web'),
    entryNames: '[name]-[hash]',
    bundle: true,
    minifySyntax: true,
    minifyWhitespace: true,
    format: 'iife',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'redoc-offline',
        setup(plugin) {
          plugin.onLoad({ filter: /redoc\.standalone\.js$/ }, async (args) => {
            const { readFile } = await import('node:fs/promises')
            const code = await readFile(args.path, 'utf8')
            if (!code.includes(REDOC_CDN_LOGO)) throw new Error(`Redoc's bundle no longer names ${REDOC_CDN_LOGO}: check it for remote URLs again`)
            // Its UMD header asks for a module named "null" (an empty external of Redoc's own build).
            return { contents: code.replaceAll(REDOC_CDN_LOGO, 'data:,').replaceAll('require("null")', 'null'), loader: 'js' }
          })
        },
      },
    ],
  })
  const file = result.outputFiles.find((output) => output.path.endsWith('.js'))
  if (!file) throw new Error('docs viewer build produced no .js file')
  return { name: file.path.slice(file.path.lastIndexOf('/') + 1), contentType: 'text/javascript; charset=utf-8', body: file.text }
}
