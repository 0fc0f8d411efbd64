// Bundles the service into one file, dist/openroles.mjs (native addons stay external), with the
// search page's browser assets and the API reference viewer embedded in it (src/web/build-assets.ts; served by src/http/web.ts).
import { build } from 'esbuild'
import { chmodSync, existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { tsImport } from 'tsx/esm/api'

// `npm start` runs this first: skip the bundle when it is newer than everything it is built from
// (`npm run build` passes --force).
const inputs = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? inputs(join(dir, e.name)) : [join(dir, e.name)]))
const newestInput = Math.max(...['build.mjs', 'package.json', 'package-lock.json', ...inputs('src')].map((file) => statSync(file).mtimeMs))
if (!process.argv.includes('--force') && existsSync('dist/openroles.mjs') && existsSync('dist/seed-worker.mjs') && existsSync('dist/load-worker.mjs') && statSync('dist/openroles.mjs').mtimeMs > newestInput) {
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
  define: { __OPENROLES_WEB_ASSETS__: JSON.stringify(webAssets), __OPENROLES_DOCS_VIEWER__: JSON.stringify(docsViewer), __OPENROLES_SEED_WORKER__: JSON.stringify('./seed-worker.mjs'), __OPENROLES_LOAD_WORKER__: JSON.stringify('./load-worker.mjs') },
})
// Worker threads run these files beside it: the seed generator's (src/ingest/seed-thread.ts) and
// the full index load's (src/search/index-load-threads.ts).
for (const [entry, outfile] of [['src/ingest/seed-worker.ts', 'dist/seed-worker.mjs'], ['src/search/load-worker.ts', 'dist/load-worker.mjs']]) {
  await build({
    entryPoints: [entry],
    outfile,
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
