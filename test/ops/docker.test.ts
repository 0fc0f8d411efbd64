import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'

const root = join(import.meta.dirname, '../..')
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8')
/** Instructions with line continuations joined: [keyword, rest]. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => [line.split(/\s+/, 1)[0]!.toUpperCase(), line.slice(line.indexOf(' ') + 1).trim()] as const)

test('the Dockerfile is multi-stage, runs as a non-root user, keeps data on a volume and listens on every interface', () => {
  const known = new Set(['FROM', 'WORKDIR', 'RUN', 'COPY', 'ENV', 'USER', 'VOLUME', 'EXPOSE', 'HEALTHCHECK', 'CMD', 'ARG', 'LABEL'])
  for (const [keyword] of instructions) assert.ok(known.has(keyword), `unknown instruction ${keyword}`)
  const froms = instructions.filter(([k]) => k === 'FROM')
  assert.ok(froms.length >= 2, 'multi-stage')
  assert.match(froms[0]![1], /\bAS build$/)
  const runtimeAt = instructions.lastIndexOf(froms[froms.length - 1]!)
  const runtime = instructions.slice(runtimeAt)
  assert.ok(runtime.some(([k, v]) => k === 'COPY' && v.startsWith('--from=build')), 'the runtime copies from the build stage')
  const user = runtime.find(([k]) => k === 'USER')
  assert.ok(user && !/^(root|0)$/.test(user[1]), 'a non-root user')
  assert.ok(runtime.findIndex(([k]) => k === 'USER') < runtime.findIndex(([k]) => k === 'CMD'), 'USER before CMD')
  const env = runtime.filter(([k]) => k === 'ENV').map(([, v]) => v).join(' ')
  assert.match(env, /\bHOST=0\.0\.0\.0\b/)
  assert.match(env, /\bOPENROLES_DB=\/data\//)
  assert.ok(runtime.some(([k, v]) => k === 'VOLUME' && v.includes('/data')))
  assert.match(runtime.find(([k]) => k === 'HEALTHCHECK')?.[1] ?? '', /\/readyz/)
  const cmd = JSON.parse(runtime.find(([k]) => k === 'CMD')![1])
  assert.deepEqual(cmd, ['node', 'dist/openroles.mjs', 'serve'], 'exec form, so SIGTERM reaches node')
  for (const [, source] of instructions.filter(([k]) => k === 'COPY')) assert.doesNotMatch(source, /\.\.\//, 'no COPY from outside the build context')
})

test('the runtime stage copies the bundle and the runtime packages, not the build’s node_modules', (t) => {
  const runtime = instructions.slice(instructions.lastIndexOf(instructions.filter(([k]) => k === 'FROM').at(-1)!))
  const copies = runtime.filter(([k]) => k === 'COPY').map(([, v]) => v)
  assert.ok(!copies.some((copy) => /\/app\/node_modules\b/.test(copy)), copies.join('\n'))
  assert.ok(copies.includes('--from=build /runtime/node_modules ./node_modules'))
  assert.ok(instructions.some(([k, v]) => k === 'RUN' && v.includes('node build.mjs --runtime-modules /runtime')))
  // What `--runtime-modules` picks: the bundle's native addons and what they load, no build tools, no bundled libraries.
  const dir = join(mkdtempSync(join(tmpdir(), 'openroles-runtime-')), 'runtime')
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  execFileSync(process.execPath, ['build.mjs', '--runtime-modules', dir], { cwd: root, stdio: 'ignore' })
  const packages = readdirSync(join(dir, 'node_modules')).flatMap((name) => (name.startsWith('@') ? readdirSync(join(dir, 'node_modules', name)).map((sub) => `${name}/${sub}`) : [name]))
  for (const needed of ['better-sqlite3', 'bindings', '@node-rs/argon2', '@myriaddreamin/typst-ts-node-compiler']) assert.ok(packages.includes(needed), needed)
  for (const unwanted of ['esbuild', 'tsx', 'h3', 'valibot', 'prebuild-install', 'typescript']) assert.ok(!packages.includes(unwanted), unwanted)
  assert.equal(existsSync(join(dir, 'node_modules/better-sqlite3/deps')), false, 'no C sources')
})

test('the LICENSE file is the MIT licence package.json declares', () => {
  assert.equal(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).license, 'MIT')
  assert.match(readFileSync(join(root, 'LICENSE'), 'utf8'), /^MIT License\n[\s\S]*Permission is hereby granted, free of charge/)
})

test('compose.yaml builds the image, publishes the port and mounts a named volume at /data', () => {
  const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8'))
  const service = compose.services.openroles
  assert.equal(service.build, '.')
  assert.deepEqual(service.ports, ['127.0.0.1:8080:8080'], 'published on this machine only, not on every interface')
  assert.ok(service.volumes.some((v: string) => v.endsWith(':/data') && compose.volumes[v.split(':')[0]!] !== undefined))
  assert.ok(service.environment.PUBLIC_ORIGIN)
})

test('the image builds and serves /readyz where a Docker daemon is reachable', (t) => {
  if (spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 10_000 }).status !== 0) {
    // This machine has the docker client but no daemon; the lint tests above still ran.
    t.diagnostic('no Docker daemon here: the image was linted, not built')
    return
  }
  execFileSync('docker', ['build', '-t', 'openroles:test', root], { stdio: 'inherit' })
  const out = execFileSync('docker', ['run', '--rm', '-e', 'OPENROLES_SEED_JOBS=50', 'openroles:test', 'node', '-e', "import('node:child_process').then(({spawn})=>{const s=spawn('node',['dist/openroles.mjs','serve'],{stdio:'ignore'});const poll=()=>fetch('http://127.0.0.1:8080/readyz').then(r=>r.json()).then(b=>{console.log(JSON.stringify(b));s.kill('SIGTERM')},()=>setTimeout(poll,500));poll()})"], { encoding: 'utf8' })
  assert.match(out, /"status":"ready"/)
})
