/**
 * Two connections on one file stand for two serving processes. A transaction that reads before it
 * writes must not fail because the other wrote in between: it holds the write lock from its start.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/db/connection.ts'

function twoConnections(t: { after: (fn: () => void) => void }) {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-tx-'))
  const path = join(dir, 'openroles.db')
  const [a, b] = [openDatabase(path), openDatabase(path)]
  t.after(() => {
    a.close()
    b.close()
    rmSync(dir, { recursive: true, force: true })
  })
  a.exec('CREATE TABLE counters (name TEXT PRIMARY KEY, n INTEGER NOT NULL) STRICT')
  a.prepare("INSERT INTO counters VALUES ('x', 0)").run()
  return { a, b }
}

test("a read-then-write transaction commits although another connection's write came after its read", (t) => {
  const { a, b } = twoConnections(t)
  // The other process does not wait here: its write either lands before the transaction or is refused.
  b.pragma('busy_timeout = 0')
  let otherWrote: boolean | undefined
  const spend = a.transaction(() => {
    const n = a.prepare("SELECT n FROM counters WHERE name = 'x'").pluck().get() as number
    try {
      b.prepare("INSERT INTO counters VALUES ('y', 1)").run()
      otherWrote = true
    } catch (error) {
      assert.equal((error as { code?: string }).code, 'SQLITE_BUSY')
      otherWrote = false
    }
    a.prepare("UPDATE counters SET n = ? WHERE name = 'x'").run(n + 1)
  })
  spend()
  assert.equal(otherWrote, false, 'the transaction held the write lock from its start')
  assert.equal(b.prepare("SELECT n FROM counters WHERE name = 'x'").pluck().get(), 1)
})

test('nested transactions stay savepoints, and a failed one leaves nothing', (t) => {
  const { a } = twoConnections(t)
  const bump = a.transaction((by: number) => a.prepare("UPDATE counters SET n = n + ? WHERE name = 'x'").run(by))
  const both = a.transaction(() => {
    bump(1)
    assert.throws(() =>
      a.transaction(() => {
        bump(10)
        throw new Error('refused')
      })(),
    )
    bump(2)
  })
  both()
  assert.equal(a.prepare("SELECT n FROM counters WHERE name = 'x'").pluck().get(), 3)
})
