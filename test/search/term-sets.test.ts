import { test } from 'node:test'
import assert from 'node:assert/strict'
import { TermSets } from '../../src/search/term-sets.ts'
import type { SearchIndex } from '../../src/search/search-index.ts'

const index = (liveCount: number) => ({ liveCount }) as SearchIndex
const setOf = (bits: number) => {
  const set = new Uint32Array(Math.ceil(bits / 32) + 1)
  for (let bit = 0; bit < bits; bit++) set[bit >>> 5]! |= 1 << (bit & 31)
  return set
}

test('common terms are kept for their index generation, rare ones are not, least used evicted first', () => {
  const terms = new TermSets()
  const current = index(10000)
  assert.equal(terms.offer(current, '"rare"', setOf(10)), false)
  assert.equal(terms.get(current, '"rare"'), undefined)
  const common = setOf(6000)
  assert.equal(terms.offer(current, '"time"*', common), true)
  assert.equal(terms.get(current, '"time"*'), common)
  assert.equal(terms.get(index(10000), '"time"*'), undefined, 'another generation does not see it')
  for (let i = 0; i < 64; i++) terms.offer(current, `"w${i}"`, setOf(6000))
  assert.equal(terms.get(current, '"time"*'), undefined, 'evicted after 64 newer ones')
  assert.ok(terms.get(current, '"w63"'))
  terms.clear()
  assert.equal(terms.get(current, '"w63"'), undefined)
})
