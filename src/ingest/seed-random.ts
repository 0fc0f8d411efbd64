/** A small seeded PRNG (mulberry32) with the draws the generator needs: same seed, same catalogue. */
export class SeedRandom {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!
  }

  /** Picks by weight from [value, weight] pairs. */
  weighted<T>(pairs: readonly (readonly [T, number])[]): T {
    let total = 0
    for (const [, weight] of pairs) total += weight
    let roll = this.next() * total
    for (const [value, weight] of pairs) {
      roll -= weight
      if (roll < 0) return value
    }
    return pairs[pairs.length - 1]![0]
  }

  /** `count` distinct items (fewer when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items]
    const out: T[] = []
    while (out.length < count && copy.length) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]!)
    return out
  }
}

/** Weighted picks from a fixed list in O(log n): cumulative weights and a binary search. */
export class WeightedPicker<T> {
  private readonly values: T[]
  private readonly cumulative: number[]

  constructor(pairs: readonly (readonly [T, number])[]) {
    this.values = pairs.map(([value]) => value)
    let total = 0
    this.cumulative = pairs.map(([, weight]) => (total += weight))
  }

  pick(random: SeedRandom): T {
    const roll = random.next() * this.cumulative[this.cumulative.length - 1]!
    let low = 0
    let high = this.cumulative.length - 1
    while (low < high) {
      const mid = (low + high) >>> 1
      if (this.cumulative[mid]! > roll) high = mid
      else low = mid + 1
    }
    return this.values[low]!
  }
}
