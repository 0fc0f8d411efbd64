import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Csr } from '../../src/search/doc-columns.ts'

const rows = (csr: Csr, docs: number) => Array.from({ length: docs }, (_, doc) => [...csr.valuesOf(doc)])

test('Csr.patched replaces changed documents, keeps the rest and appends new ones', () => {
  const csr = new Csr(2, 2)
  const original = [[1, 2], [], [3], [4, 5, 6], [7]]
  original.forEach((values, doc) => csr.append(doc, values))
  const changed = new Map([[1, [9, 9]], [3, []], [5, [8]], [6, []]])
  assert.deepEqual(rows(csr.patched(5, 7, changed), 7), [[1, 2], [9, 9], [3], [], [7], [8], []])
  assert.deepEqual(rows(csr.patched(5, 5, new Map()), 5), original)
  assert.deepEqual(rows(csr.patched(5, 5, new Map([[0, [0]], [4, []]])), 5), [[0], [], [3], [4, 5, 6], []])
})
