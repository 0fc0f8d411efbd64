import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { readImportFile, Unreadable } from '../../src/ingest/import-read.ts'
import { importFile } from '../../src/ingest/import.ts'
import { createTestApp } from '../helpers/app.ts'
import { tempDir } from '../helpers/temp.ts'

/** Issue 44, point 5: long lines stream (a one-line JSON array is read element by element), and formats openroles does not read say so. */
const cli = join(import.meta.dirname, '../../src/cli.ts')
const posting = (i: number) => ({ title: `Engineer ${i}`, company: { name: 'Streamline' }, url: `https://streamline.example/jobs/${i}`, description: 'Quotes " and brackets ] , { inside text.' })

test('a one-line JSON array gives its first record before the rest of the file has arrived', { timeout: 30_000 }, (t) => {
  const dir = tempDir(t, 'import-stream')
  const fifo = join(dir, 'jobs.json')
  spawnSync('mkfifo', [fifo])
  const restWritten = join(dir, 'rest-written')
  // The writer sends the first record, then waits before the rest: a reader that needs the whole line waits with it.
  const writer = spawn(process.execPath, ['-e', `
    const fs = require('node:fs')
    const fd = fs.openSync(${JSON.stringify(fifo)}, 'w')
    fs.writeSync(fd, '[' + ${JSON.stringify(JSON.stringify(posting(1)))} + ',')
    setTimeout(() => {
      fs.writeFileSync(${JSON.stringify(restWritten)}, '')
      fs.writeSync(fd, ${JSON.stringify(JSON.stringify(posting(2)))} + ']')
      fs.closeSync(fd)
    }, 3000)
  `], { stdio: 'ignore' })
  t.after(() => writer.kill('SIGKILL'))
  const inputs = readImportFile(fifo, 'array')
  const first = inputs.next()
  assert.equal(existsSync(restWritten), false, 'the first record came before the rest was written')
  assert.deepEqual(first.value, { at: 'line 1, record 1', value: posting(1) })
  inputs.return(undefined)
})

test('an array is read element by element: strings holding brackets, scalars, nesting, a broken end', (t) => {
  const dir = tempDir(t, 'import-array')
  const file = join(dir, 'jobs.json')
  writeFileSync(file, `\uFEFF[${JSON.stringify(posting(1))}, "nope", 42,\n  ${JSON.stringify({ ...posting(2), tags: [[1, 2], { a: '\\"]' }] })}, {"title": `)
  const inputs = [...readImportFile(file)]
  assert.deepEqual(inputs.slice(0, 4), [
    { at: 'line 1, record 1', value: posting(1) },
    { at: 'line 1, record 2', value: 'nope' },
    { at: 'line 1, record 3', value: 42 },
    { at: 'line 2, record 4', value: { ...posting(2), tags: [[1, 2], { a: '\\"]' }] } },
  ])
  assert.equal(inputs[4]!.at, 'document')
  assert.deepEqual(inputs[4]!.value, new Unreadable('invalid JSON: the document ends too early'))
  const { db } = createTestApp()
  const summary = importFile(db, file)
  assert.deepEqual([summary.inserted, summary.rejected.map((r) => r.reason)], [2, ['not a JSON object', 'not a JSON object', 'invalid JSON: the document ends too early']])
})

test('CSV and PDF files are "unsupported format", not invalid JSON', (t) => {
  const dir = tempDir(t, 'import-formats')
  writeFileSync(join(dir, 'jobs.csv'), 'title,company,url\nEngineer,Acme,https://acme.example/1\n')
  writeFileSync(join(dir, 'jobs.pdf'), '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n')
  const run = spawnSync(process.execPath, ['--import', 'tsx', cli, 'import', '--db', join(dir, 'catalogue.db'), join(dir, 'jobs.csv'), join(dir, 'jobs.pdf')], { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'error' } })
  assert.equal(run.status, 1, run.stderr)
  assert.match(run.stdout, /jobs\.csv: not imported — unsupported format: this looks like CSV; openroles imports JSON Lines, JSON \(our Job shape or schema\.org JobPosting\) and HTML pages with JSON-LD\n/)
  assert.match(run.stdout, /jobs\.pdf: not imported — unsupported format: a PDF document; /)
})
