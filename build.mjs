// Bundles the service into one file, dist/openroles.mjs (native addons stay external), with the
// search page's browser assets and the API reference viewer embedded in it (src/web/build-assets.ts; served by src/http/web.ts).
import { build } from 'esbuild'
import { chmodSync, cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
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
// Native addons stay outside the bundle: these (and what they depend on) are all a bundle needs in node_modules.
const EXTERNAL = ['better-sqlite3', '@node-rs/argon2', '@myriaddreamin/*', 'fsevents']
// The page's assets and the API viewer are embedded, so the bundle never builds them: the module that
// would (with esbuild) becomes a stub, and esbuild is not a runtime dependency of the bundle.
const noBuildTools = {
  name: 'no-build-tools',
  setup(b) {
    b.onResolve({ filter: /build-assets\.ts$/ }, (args) => ({ path: args.path, namespace: 'stub' }))
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: "export function buildWebAssets() { throw new Error('the bundle embeds its web assets') }", loader: 'js' }))
  },
}

/**
 * `--runtime-modules DIR`: copies the external packages and everything they depend on (and only
 * that) from node_modules to DIR/node_modules, for the Docker image beside the bundle.
 */
// Used while installing (fetching or compiling the addon), never by the running service.
const INSTALL_ONLY = new Set(['prebuild-install', 'node-gyp'])
// Of better-sqlite3 only its JavaScript and the built addon are loaded: not its C sources, nor the compiler's output.
const isRuntimeFile = (path) => !/better-sqlite3\//.test(path) || /better-sqlite3\/(lib(\/.*)?|package\.json|LICENSE|build|build\/Release|build\/Release\/better_sqlite3\.node)$/.test(path)

function copyRuntimeModules(dir) {
  const wanted = EXTERNAL.flatMap((name) => (name.endsWith('/*') ? readdirSync(join('node_modules', name.slice(0, -2))).map((sub) => `${name.slice(0, -1)}${sub}`) : [name]))
  const copied = new Set()
  const visit = (name) => {
    if (copied.has(name) || !existsSync(join('node_modules', name))) return
    copied.add(name)
    cpSync(join('node_modules', name), join(dir, 'node_modules', name), { recursive: true, filter: isRuntimeFile })
    const manifest = JSON.parse(readFileSync(join('node_modules', name, 'package.json'), 'utf8'))
    for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) if (!INSTALL_ONLY.has(dependency)) visit(dependency)
  }
  wanted.forEach(visit)
  console.log(`copied ${copied.size} runtime packages to ${dir}/node_modules`)
}

const runtimeAt = process.argv.indexOf('--runtime-modules')
if (runtimeAt >= 0) {
  copyRuntimeModules(process.argv[runtimeAt + 1])
  process.exit(0)
}

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
  external: EXTERNAL,
  plugins: [noBuildTools],
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
    external: EXTERNAL,
    plugins: [noBuildTools],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  })
}
chmodSync('dist/openroles.mjs', 0o755)
console.log(`built dist/openroles.mjs in ${Date.now() - started} ms`)
