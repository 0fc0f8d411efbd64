/** Counts over the search index behind market coverage: per skill, per posting, per bitmap. */
import type { CoverageIndex } from './market-coverage.ts'

/** Set bits in a bitmap (one bit per document). */
export function popcount(bitmap: Uint32Array): number {
  let count = 0
  for (let word = 0; word < bitmap.length; word++) {
    let bits = bitmap[word]! - ((bitmap[word]! >>> 1) & 0x55555555)
    bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333)
    count += Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
  }
  return count
}

/**
 * Postings per skill inside the market. A market holding most of the catalogue starts from the
 * whole posting lists and subtracts the documents outside it, so the cost is the smaller side.
 */
export function marketFrequency(index: CoverageIndex, total: number): Uint32Array {
  const { skillOffsets, skillCodes } = index
  const frequency = new Uint32Array(index.skillNames.length)
  const inside = total * 2 < popcount(index.live)
  if (!inside) index.skillPostings.forEach((docs, code) => (frequency[code] = docs.length))
  for (let word = 0; word < index.market.length; word++) {
    let bits = inside ? index.market[word]! : index.live[word]! & ~index.market[word]!
    while (bits !== 0) {
      const low = bits & -bits
      const doc = (word << 5) + 31 - Math.clz32(low)
      bits ^= low
      const end = skillOffsets[doc + 1]!
      if (inside) for (let i = skillOffsets[doc]!; i < end; i++) frequency[skillCodes[i]!]!++
      else for (let i = skillOffsets[doc]!; i < end; i++) frequency[skillCodes[i]!]!--
    }
  }
  return frequency
}

/**
 * How many of the caller's skills each market posting names. Summing over the caller's posting
 * lists touches only their entries; when those outnumber the market's own entries (many common
 * skills), reading each market posting's skills is cheaper.
 */
export function ownedSkills(index: CoverageIndex, has: Uint8Array, callerCodes: readonly number[], total: number): Uint8Array {
  const { market, skillOffsets, skillCodes, skillPostings } = index
  const owned = new Uint8Array(market.length * 32)
  const postingEntries = callerCodes.reduce((sum, code) => sum + skillPostings[code]!.length, 0)
  const liveCount = popcount(index.live)
  const marketEntries = liveCount === 0 ? 0 : (skillCodes.length * total) / liveCount
  if (postingEntries <= marketEntries) {
    for (const code of callerCodes) {
      const docs = skillPostings[code]!
      for (let i = 0; i < docs.length; i++) owned[docs[i]!]!++
    }
    return owned
  }
  for (let word = 0; word < market.length; word++) {
    let bits = market[word]!
    while (bits !== 0) {
      const low = bits & -bits
      const doc = (word << 5) + 31 - Math.clz32(low)
      bits ^= low
      let count = 0
      for (let i = skillOffsets[doc]!; i < skillOffsets[doc + 1]!; i++) count += has[skillCodes[i]!]!
      owned[doc] = count
    }
  }
  return owned
}
