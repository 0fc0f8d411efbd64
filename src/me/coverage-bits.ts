/** Bitmap helpers of the market coverage pass. */

/** Calls visit(doc) for every set bit, in document order. */
export function forEachDoc(bitmap: Uint32Array, visit: (doc: number) => void): void {
  for (let word = 0; word < bitmap.length; word++) {
    let bits = bitmap[word]!
    while (bits !== 0) {
      const low = bits & -bits
      visit((word << 5) + 31 - Math.clz32(low))
      bits ^= low
    }
  }
}

export function popcount(bitmap: Uint32Array): number {
  let count = 0
  for (let word = 0; word < bitmap.length; word++) {
    let bits = bitmap[word]! - ((bitmap[word]! >>> 1) & 0x55555555)
    bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333)
    count += Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
  }
  return count
}
