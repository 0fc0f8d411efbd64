// Bundles the service into one file, dist/openroles.mjs (native addons stay external), with the
// search page's browser assets and the API reference viewer embedded in it (src/web/build-assets.ts; served by src/http/web.ts).
import { build } from 'esbuild'
import { chmodSync, existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { tsImport } from 'tsx/esm/api'

// `npm start` runs this first: skip the bundle when it is newer than everything it is built from
// (`npm run build` passes --force).
const inputs = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? inputs(join(dir, e.name)) : [join(dir, e.name)]))
// Worker threads run these files beside the bundle: the seed generator's (src/ingest/seed-thread.ts),
// the full index load's (src/search/index-load-threads.ts), the start's derived data (src/derived-prep.ts),
// the facet counting threads (src/search/count-threads.ts) and the résumé reader (src/resume/document.ts).
const WORKERS = [
  ['src/ingest/seed-worker.ts', 'seed-worker.mjs', '__OPENROLES_SEED_WORKER__'],
  ['src/search/load-worker.ts', 'load-worker.mjs', '__OPENROLES_LOAD_WORKER__'],
  ['src/derived-prep-worker.ts', 'derived-prep-worker.mjs', '__OPENROLES_PREP_WORKER__'],
  ['src/search/count-worker.ts', 'count-worker.mjs', '__OPENROLES_COUNT_WORKER__'],
  ['src/resume/document-worker.ts', 'document-worker.mjs', '__OPENROLES_DOCUMENT_WORKER__'],
]
const newestInput = Math.max(...['build.mjs', 'package.json', 'package-lock.json', ...inputs('src')].map((file) => statSync(file).mtimeMs))
if (!process.argv.includes('--force') && existsSync('dist/openroles.mjs') && WORKERS.every(([, file]) => existsSync(`dist/${file}`)) && statSync('dist/openroles.mjs').mtimeMs > newestInput) {
  console.log('dist/openroles.mjs is up to date (npm run build rebuilds it)')
  process.exit(0)
}
const started = Date.now()
const { buildWebAssets, buildDocsViewer } = await tsImport('./src/web/build-assets.ts', import.meta.url)
const webAssets = await buildWebAssets()
const docsViewer = await buildDocsViewer()
await build({
  entryPoints: ['src/cli.ts'],
  outfile: 'dist/openroles.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  external: ['better-sqlite3', '@node-rs/argon2', '@myriaddreamin/*', 'esbuild', 'fsevents'],
  banner: {
    // Bundled CommonJS dependencies still call require(); give them one.
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
  define: { __OPENROLES_WEB_ASSETS__: JSON.stringify(webAssets), __OPENROLES_DOCS_VIEWER__: JSON.stringify(docsViewer), ...Object.fromEntries(WORKERS.map(([, file, name]) => [name, JSON.stringify(`./${file}`)])) },
})
for (const [entry, file] of WORKERS) {
  await build({
    entryPoints: [entry],
    outfile: `dist/${file}`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    legalComments: 'none',
    external: ['better-sqlite3', '@node-rs/argon2', '@myriaddreamin/*', 'esbuild', 'fsevents'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  })
}
chmodSync('dist/openroles.mjs', 0o755)
console.log(`built dist/openroles.mjs in ${Date.now() - started} ms`)
