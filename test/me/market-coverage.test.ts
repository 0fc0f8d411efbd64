import { test } from 'node:test'
import assert from 'node:assert/strict'
import { computeCoverage, type CoverageIndex } from '../../src/me/market-coverage.ts'

/** A tiny index: one entry per posting, each a list of skill slugs; every posting is in the market unless `market` says otherwise. */
function indexOf(postings: string[][], market?: number[]): CoverageIndex {
  const names: string[] = []
  const codes: number[] = []
  const offsets = [0]
  for (const skills of postings) {
    for (const skill of skills) {
      if (!names.includes(skill)) names.push(skill)
      codes.push(names.indexOf(skill))
    }
    offsets.push(codes.length)
  }
  const bitmap = new Uint32Array(Math.ceil(postings.length / 32))
  for (const doc of market ?? postings.map((_, i) => i)) bitmap[doc >>> 5]! |= 1 << (doc & 31)
  return { market: bitmap, skillOffsets: Uint32Array.from(offsets), skillCodes: Uint32Array.from(codes), skillNames: names }
}

const strict = { mustHavePercent: 50, postingPercent: 100 }

test('covered postings, must-haves and statuses', () => {
  const index = indexOf([['typescript', 'react'], ['typescript', 'node'], ['typescript', 'aws'], ['go', 'aws'], []])
  const result = computeCoverage(index, ['typescript', 'react', 'cobol'], strict)
  assert.equal(result.total, 5)
  // [ts, react] and the posting naming no skill.
  assert.equal(result.covered, 2)
  assert.equal(result.coverage_percent, 40)
  assert.deepEqual(
    result.skills.map((s) => [s.name, s.market_frequency, s.must_have, s.status]),
    [
      ['typescript', 3, true, 'covered'],
      ['react', 1, false, 'partial'],
      ['cobol', 0, false, 'partial'],
    ],
  )
  assert.equal(result.must_have_total, 1)
  assert.equal(result.must_have_covered, 1)
  assert.equal(result.stack_match_percent, 100)
  assert.match(result.skills[2]!.advice, /No posting/)
})

test('gaps count the postings one skill away, bundles the ones two skills away', () => {
  const index = indexOf([['ts', 'aws'], ['ts', 'aws'], ['ts', 'node'], ['ts', 'k8s', 'docker'], ['ts', 'k8s', 'docker'], ['go', 'rust', 'zig']])
  const result = computeCoverage(index, ['ts'], { mustHavePercent: 30, postingPercent: 100 })
  assert.equal(result.covered, 0)
  assert.deepEqual(result.gaps, [
    { name: 'aws', new_vacancies: 2, unlock_percent: 33 },
    { name: 'node', new_vacancies: 1, unlock_percent: 17 },
  ])
  assert.deepEqual(result.bundles, [{ skills: ['docker', 'k8s'], new_vacancies: 2, unlock_percent: 33 }])
  const missing = result.skills.filter((s) => s.status === 'missing').map((s) => s.name)
  assert.deepEqual(missing, ['aws', 'docker', 'k8s'])
  assert.match(result.skills.find((s) => s.name === 'aws')!.advice, /open 2 more postings/)
  assert.equal(result.must_have_total, 4)
  assert.equal(result.stack_match_percent, 25)
})

test('the posting share threshold lets a posting be covered with some skills missing', () => {
  const index = indexOf([['a', 'b', 'c', 'd']])
  assert.equal(computeCoverage(index, ['a', 'b', 'c'], { mustHavePercent: 10, postingPercent: 70 }).covered, 1)
  assert.equal(computeCoverage(index, ['a', 'b', 'c'], { mustHavePercent: 10, postingPercent: 100 }).covered, 0)
})

test('only market documents count; an empty market gives zeros', () => {
  const index = indexOf([['a'], ['b'], ['a']], [1])
  const result = computeCoverage(index, ['a'], strict)
  assert.equal(result.total, 1)
  assert.equal(result.covered, 0)
  assert.deepEqual(result.gaps, [{ name: 'b', new_vacancies: 1, unlock_percent: 100 }])
  const empty = computeCoverage(indexOf([['a']], []), ['a'], strict)
  assert.deepEqual([empty.total, empty.coverage_percent, empty.stack_match_percent, empty.gaps.length], [0, 0, 0, 0])
})
