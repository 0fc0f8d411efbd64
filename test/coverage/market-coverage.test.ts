import { test } from 'node:test'
import assert from 'node:assert/strict'
import { computeCoverage, type CoverageIndex } from '../../src/coverage/market-coverage.ts'

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
  const bitmapOf = (docs: number[]) => {
    const bitmap = new Uint32Array(Math.ceil(postings.length / 32))
    for (const doc of docs) bitmap[doc >>> 5]! |= 1 << (doc & 31)
    return bitmap
  }
  const all = postings.map((_, i) => i)
  const skillPostings = names.map((name) => Uint32Array.from(all.filter((doc) => postings[doc]!.includes(name))))
  return {
    market: bitmapOf(market ?? all),
    live: bitmapOf(all),
    skillOffsets: Uint32Array.from(offsets),
    skillCodes: Uint32Array.from(codes),
    skillNames: names,
    skillPostings,
  }
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

test('frequencies and coverage agree with a direct count for small and large markets', () => {
  let seed = 7
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
  const postings = Array.from({ length: 300 }, () => [...new Set(Array.from({ length: Math.floor(random() * 5) }, () => names[Math.floor(random() * names.length)]!))])
  for (const share of [0.1, 0.5, 0.9, 1]) {
    const market = postings.map((_, i) => i).filter(() => random() < share)
    const result = computeCoverage(indexOf(postings, market), ['a', 'b', 'c'], { mustHavePercent: 0, postingPercent: 60 })
    const inMarket = market.map((doc) => postings[doc]!)
    assert.equal(result.total, market.length)
    const covered = inMarket.filter((skills) => skills.filter((s) => 'abc'.includes(s)).length >= Math.ceil(skills.length * 0.6)).length
    assert.equal(result.covered, covered, `share ${share}`)
    for (const skill of result.skills) assert.equal(skill.market_frequency, inMarket.filter((skills) => skills.includes(skill.name)).length, `${skill.name} at share ${share}`)
  }
})

test('bundles count every posting two skills short, however many there are', () => {
  const postings = Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? ['x', 'y', 'w'] : ['x', 'y', 'z']))
  const result = computeCoverage(indexOf(postings), ['x'], strict)
  assert.deepEqual(result.bundles, [
    { skills: ['y', 'z'], new_vacancies: 2000, unlock_percent: 67 },
    { skills: ['w', 'y'], new_vacancies: 1000, unlock_percent: 33 },
  ])
})
