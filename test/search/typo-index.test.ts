import { test } from 'node:test'
import assert from 'node:assert/strict'
import { TypoIndex } from '../../src/search/typo-index.ts'
import { editDistance } from '../../src/search/typo.ts'

/** A deterministic vocabulary of letter words plus a few technology tokens the index must skip. */
function vocabulary(): string[] {
  let state = 7
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const words = new Set<string>(['c++', 'k8s', 'es2015', 'python', 'pythons', 'typhon', 'engineer', 'engineering', 'kubernetes'])
  while (words.size < 1500) {
    const length = 3 + Math.floor(next() * 10)
    let word = ''
    for (let i = 0; i < length; i++) word += 'aeinorstlcdmpu'[Math.floor(next() * 14)]
    words.add(word)
  }
  return [...words].sort()
}

test('the pair filter keeps every term within the allowed edits (checked against a full scan)', () => {
  const terms = vocabulary()
  const index = new TypoIndex(terms)
  const letters = terms.filter((term) => /^[a-z]+$/.test(term))
  const probes = ['pyhton', 'enginer', 'kubernets', 'engineerign', ...letters.slice(0, 60).map((word) => word.slice(1) + 'x'), ...letters.slice(60, 120).map((word) => word.split('').reverse().join(''))]
  let compared = 0
  for (const probe of probes) {
    for (const max of [1, 2]) {
      const expected = letters.filter((term) => editDistance(probe, term, max) <= max).sort()
      const candidates = [...index.candidates(probe, max)]
      compared += candidates.length
      const found = candidates.filter((term) => editDistance(probe, term, max) <= max).sort()
      assert.deepEqual(found, expected, `${probe} within ${max}`)
    }
  }
  // The filter is what makes it sub-linear: far fewer comparisons than a scan of the dictionary.
  assert.ok(compared < probes.length * 2 * letters.length * 0.25, `${compared} comparisons`)
  assert.deepEqual([...index.candidates('c++', 1)].includes('c++'), false, 'only words of letters are candidates')
})
