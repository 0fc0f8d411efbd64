import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/**
 * The floors of src/ (README, "How the code is laid out"): every folder and loose file sits on one
 * floor, and imports only run down (or stay on their floor). An import to a higher floor fails this
 * test unless it is listed in KNOWN_UPWARD, a list that only shrinks. Only the edge and the
 * composition root import h3. Import circles between files (at run time) fail it; folders that
 * import each other are listed in KNOWN_MUTUAL, and a new pair fails it too.
 */
const FLOORS: [floor: string, members: string[]][] = [
  ['kernel', ['db', 'mail', 'model', 'config.ts', 'log.ts', 'errors.ts', 'paths.ts', 'non-null.ts', 'version.ts', 'secret-box.ts', 'worker-thread.ts', 'background.ts', 'public-address.ts']],
  ['vocabulary', ['vocabulary']],
  ['catalogue', ['catalogue', 'search', 'ingest', 'sources']],
  ['features', [
    'context.ts', 'account', 'plan', 'profile', 'alerts', 'coverage', 'channels', 'tracker', 'community', 'resume', 'cv',
    'experience', 'match', 'assistant', 'voice', 'inbox', 'mailsync', 'autofill', 'insights', 'job-lists', 'webhooks', 'ojcp',
  ]],
  ['edge', ['http', 'mcp', 'feeds', 'web']],
  ['main', ['app.ts', 'services.ts', 'server.ts', 'cli.ts', 'cli', 'cluster', 'derived-prep.ts', 'derived-prep-worker.ts']],
]
/** Imports to a higher floor that are known and still to be removed: `importer -> imported`. */
const KNOWN_UPWARD: string[] = []
/** Folders (or loose files) importing each other, at run time or for types: still to be untangled. */
const KNOWN_MUTUAL = ['assistant <-> cv', 'catalogue <-> search']
const H3_FLOORS = ['edge', 'main']

const root = resolve(import.meta.dirname, '../..')
const src = join(root, 'src')
const floorOf = new Map(FLOORS.flatMap(([floor, members], rank) => members.map((member) => [member, { floor, rank }] as const)))
const partOf = (file: string) => relative(src, file).split('/')[0]!

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.ts$/.test(entry.name) ? [path] : []
  })
}

/** Comments blanked, strings kept: an import named in a comment is no import. */
function code(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; ) {
    const [c, d] = [text[i]!, text[i + 1]]
    if (c === '/' && (d === '/' || d === '*')) {
      const close = d === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2)
      const stop = close < 0 ? text.length : d === '/' ? close : close + 2
      out += text.slice(i, stop).replace(/[^\n]/g, ' ')
      i = stop
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1
      while (j < text.length && text[j] !== c && !(c !== '`' && text[j] === '\n')) j += text[j] === '\\' ? 2 : 1
      out += text.slice(i, j + 1)
      i = j + 1
    } else {
      out += c
      i++
    }
  }
  return out
}

interface Import {
  from: string
  /** A file of src/ for a relative specifier, else the package name. */
  to: string
  /** Erased at run time: `import type`, `export type`, every name `type`, or `typeof import()`. */
  typeOnly: boolean
}

function importsOf(file: string): Import[] {
  const text = code(readFileSync(file, 'utf8'))
  const found: Import[] = []
  const to = (spec: string) => (spec.startsWith('.') ? resolve(dirname(file), spec) : spec)
  for (const m of text.matchAll(/(?:^|[;\n}])\s*(import|export)\s+(type\s+)?([\w*{}\s,$]*?)\s*from\s*(['"])([^'"\n]+)\4/g)) {
    const names = /^\{([\s\S]*)\}$/.exec(m[3]!.trim())?.[1]?.split(',').map((name) => name.trim()).filter(Boolean)
    const typeOnly = Boolean(m[2]) || Boolean(names?.length && names.every((name) => name.startsWith('type ')))
    found.push({ from: file, to: to(m[5]!), typeOnly })
  }
  for (const m of text.matchAll(/(?:^|[;\n])\s*import\s*(['"])([^'"\n]+)\1/g)) found.push({ from: file, to: to(m[2]!), typeOnly: false })
  for (const m of text.matchAll(/(typeof\s+)?\bimport\s*\(\s*(['"])([^'"\n]+)\2\s*\)/g)) found.push({ from: file, to: to(m[3]!), typeOnly: Boolean(m[1]) })
  return found
}

const files = sourceFiles(src)
const imports = files.flatMap(importsOf)
const local = imports.filter((i) => i.to.startsWith(src))
const name = (file: string) => relative(src, file)

test('every folder and loose file of src/ sits on one floor', () => {
  const parts = [...new Set(files.map(partOf))]
  assert.deepEqual(parts.filter((part) => !floorOf.has(part)), [], 'name the floor of each in FLOORS')
  assert.deepEqual([...floorOf.keys()].filter((member) => !parts.includes(member)), [], 'a member of FLOORS that no longer exists')
})

test('imports run down the floors, but for the known exceptions, which only shrink', () => {
  // (A part without a floor is the first test's failure.)
  const rank = (file: string) => floorOf.get(partOf(file))?.rank ?? -1
  const upward = local
    .filter((i) => rank(i.from) >= 0 && rank(i.to) > rank(i.from))
    .map((i) => `${name(i.from)} -> ${name(i.to)}`)
  const found = [...new Set(upward)].sort()
  assert.deepEqual(found.filter((edge) => !KNOWN_UPWARD.includes(edge)), [], 'an import to a higher floor: move the code down, or the importer up')
  assert.deepEqual(KNOWN_UPWARD.filter((edge) => !found.includes(edge)), [], 'a known exception is gone: delete it from KNOWN_UPWARD')
})

test('only the edge and the composition root import h3', () => {
  const importers = imports.filter((i) => i.to === 'h3' || i.to.startsWith('h3/')).map((i) => i.from)
  assert.ok(importers.length > 0)
  const outside = [...new Set(importers)].filter((file) => !H3_FLOORS.includes(floorOf.get(partOf(file))?.floor ?? ''))
  assert.deepEqual(outside.map(name), [])
})

test('no import circles at run time; folders importing each other only as known', () => {
  const edges = new Map(files.map((file) => [file, [] as string[]]))
  for (const i of local) if (!i.typeOnly && edges.has(i.to)) edges.get(i.from)!.push(i.to)
  // Tarjan's strongly connected components: a group of more than one file is a circle.
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file)!)
    stack.push(file)
    onStack.add(file)
    for (const next of edges.get(file)!) {
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      group.push(name(member))
    } while (member !== file)
    if (group.length > 1) circles.push(group.sort())
  }
  for (const file of files) if (!index.has(file)) visit(file)
  assert.deepEqual(circles, [])

  const uses = new Set(local.map((i) => `${partOf(i.from)} -> ${partOf(i.to)}`))
  const mutual = [...uses]
    .map((use) => use.split(' -> ') as [string, string])
    .filter(([a, b]) => a < b && uses.has(`${b} -> ${a}`))
    .map(([a, b]) => `${a} <-> ${b}`)
    .sort()
  assert.deepEqual(mutual.filter((pair) => !KNOWN_MUTUAL.includes(pair)), [], 'folders that import each other: one of them belongs a floor lower')
  assert.deepEqual(KNOWN_MUTUAL.filter((pair) => !mutual.includes(pair)), [], 'a known pair is untangled: delete it from KNOWN_MUTUAL')
})
