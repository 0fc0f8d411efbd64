import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/db/connection.ts'
import { FtsWorkers } from '../../src/search/fts-workers.ts'

test('a read asked of closed search workers fails at once instead of waiting on a stopped worker', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-fts-workers-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, 'catalogue.db')
  openDatabase(path).close()
  const workers = new FtsWorkers(path, 1)
  assert.deepEqual(await workers.vocabulary(), [])
  // What the term read does when a context closes between two of its steps.
  await workers.close()
  await assert.rejects(workers.termRowids(['"engineer"']), /search workers closed/)
  await assert.rejects(workers.vocabulary(), /search workers closed/)
})
