/**
 * One card per role: postings of one role cluster (one role of one company, reposted or listed per
 * city; the key is made at enrichment, src/ingest/enrich.ts clusterKeyOf) show as one result. Of a
 * role's postings that match a query, the one added to the catalogue last (the highest document,
 * as documents follow job ids) is its card; the others are left out of the page, the total and the
 * facet counts, and are listed by /jobs/{slug}/copies.
 *
 * Per index generation, built on first use: which live documents share their cluster with another
 * live document, a dense number per such cluster and its newest document (its head). Collapsing a
 * match set is then one pass over its documents in shared clusters that are not heads (a word-wise
 * AND first skips everything else: a head is its role's card whenever it matches), each dropped
 * when its head matches too, else kept for the first of its cluster seen, marked with a stamp: no
 * allocation per cluster, no SQL.
 *
 * A card is counted in the facets under every value any of its role's matching postings carries
 * (copiesOf lists those postings), so a value's count is the total of the same search with that
 * value added.
 */
import { countAnd, hasDoc, type Bitmap } from './bitmap.ts'
import { DocList, type DocSet } from './doc-set.ts'
import type { DocColumns } from './doc-columns.ts'

/** Matched postings of roles with more than one, grouped by role (RoleClusters.copiesOf). */
export interface RoleCopies {
  docs: Uint32Array
  /** Group g is docs[starts[g] .. starts[g + 1]); its last document is the role's card. */
  starts: Uint32Array
  /**
   * With copiesOf(…, true): the roles (by cluster number) every live posting of which matched, so
   * their card is their head, listed apart instead of as groups (facet-count.ts adds what their
   * postings add beyond the head from a list kept per index generation).
   */
  whole?: Uint32Array
}

/** With fewer matched shared postings than the clusters over this, copiesOf sorts them (RoleClusters.fewCopies). */
const FEW_COPIES = 8

const NO_COPIES: RoleCopies = { docs: new Uint32Array(0), starts: new Uint32Array(1) }

/** The arrays a snapshot saves (index-snapshot.ts), with every card and copy of the live documents. */
export interface SavedClusters {
  shared: Bitmap
  older: Bitmap
  heads: Uint32Array
  code: Uint32Array
  sizes: Uint32Array
  cards: Bitmap
  copies: RoleCopies
}

export class RoleClusters {
  /** Live documents whose cluster has another live document. */
  readonly shared: Bitmap
  /** The shared ones that are not their cluster's newest. */
  private readonly older: Bitmap
  /** Newest live document of each cluster, by its number. */
  private readonly heads: Uint32Array
  /** Dense cluster number of each shared document. */
  private readonly code: Uint32Array
  /** Live documents of each cluster, by its number. */
  private readonly sizes: Uint32Array
  private readonly stamps: Uint32Array
  private stamp = 0
  private readonly live: Bitmap
  private allCards: Bitmap | undefined
  private allCopies: RoleCopies | undefined
  private allWhole: RoleCopies | undefined
  /** Clusters with two or more live documents. */
  readonly count: number

  /** `saved`: what saved() gave for these columns, taken as it is. */
  constructor(columns: DocColumns, saved?: SavedClusters) {
    const { clusters, live, docCount } = columns
    this.live = live
    if (saved) {
      this.shared = saved.shared
      this.older = saved.older
      this.heads = saved.heads
      this.code = saved.code
      this.sizes = saved.sizes
      this.allCards = saved.cards
      this.allCopies = saved.copies
      this.count = this.heads.length
      this.stamps = new Uint32Array(this.count)
      return
    }
    const members = new Map<number, number>()
    const isLive = (doc: number) => (live[doc >>> 5]! & (1 << (doc & 31))) !== 0
    for (let doc = 0; doc < docCount; doc++) {
      const cluster = clusters[doc]!
      if (cluster && isLive(doc)) members.set(cluster, (members.get(cluster) ?? 0) + 1)
    }
    const codes = new Map<number, number>()
    for (const [cluster, size] of members) if (size > 1) codes.set(cluster, codes.size)
    this.count = codes.size
    this.shared = new Uint32Array(live.length)
    this.code = new Uint32Array(codes.size ? docCount : 0)
    this.stamps = new Uint32Array(codes.size)
    this.sizes = new Uint32Array(codes.size)
    this.heads = new Uint32Array(codes.size)
    for (const [cluster, code] of codes) this.sizes[code] = members.get(cluster)!
    if (!codes.size) {
      this.older = this.shared
      return
    }
    for (let doc = 0; doc < docCount; doc++) {
      const code = codes.get(clusters[doc]!)
      if (code === undefined || !isLive(doc)) continue
      this.shared[doc >>> 5]! |= 1 << (doc & 31)
      this.code[doc] = code
      this.heads[code] = doc
    }
    this.older = this.shared.slice()
    for (const head of this.heads) this.older[head >>> 5]! &= ~(1 << (head & 31))
  }

  /** The cards of a match set: each role's last-added matching posting, every unclustered one. The input is not changed. */
  cardsOf(matched: Bitmap): Bitmap
  cardsOf(matched: DocSet): DocSet
  cardsOf(matched: DocSet): DocSet {
    if (!this.count) return matched
    const stamp = this.nextStamp()
    return matched instanceof DocList ? this.listCards(matched, stamp) : this.bitmapCards(matched, stamp)
  }

  private bitmapCards(matched: Bitmap, stamp: number): Bitmap {
    const { older, code, heads, stamps } = this
    let cards: Bitmap | undefined
    // Highest document first: of a role whose head does not match, the last-added matching posting is the first one seen.
    for (let word = Math.min(matched.length, older.length) - 1; word >= 0; word--) {
      let bits = matched[word]! & older[word]!
      let drop = 0
      while (bits !== 0) {
        const bit = 31 - Math.clz32(bits)
        bits ^= 1 << bit
        const cluster = code[(word << 5) | bit]!
        const head = heads[cluster]!
        if ((matched[head >>> 5]! & (1 << (head & 31))) !== 0 || stamps[cluster] === stamp) drop |= 1 << bit
        else stamps[cluster] = stamp
      }
      if (drop !== 0) {
        cards ??= matched.slice()
        cards[word] = cards[word]! & ~drop
      }
    }
    return cards ?? matched
  }

  /**
   * The matched postings of every role that has two or more of them, grouped by role: group g is
   * docs[starts[g] .. starts[g + 1]), ascending, so its last document is the role's card. With
   * `apart`, a role all of whose live postings matched is listed in `whole` instead of as a group.
   */
  copiesOf(matched: DocSet, apart = false): RoleCopies {
    if (!this.count) return NO_COPIES
    const { shared, code } = this
    let docs: Uint32Array
    if (matched instanceof DocList) docs = matched.docs.filter((doc) => (shared[doc >>> 5]! & (1 << (doc & 31))) !== 0)
    else {
      const count = countAnd(matched, shared, 0, Math.min(matched.length, shared.length))
      if (apart && this.everyCopy().docs.length - count < count) return this.copiesByMissing(matched)
      docs = new Uint32Array(count)
      let n = 0
      for (let word = 0; word < Math.min(matched.length, shared.length); word++) {
        let bits = matched[word]! & shared[word]!
        while (bits !== 0) {
          const bit = 31 - Math.clz32(bits & -bits)
          bits &= bits - 1
          docs[n++] = (word << 5) | bit
        }
      }
    }
    if (docs.length * FEW_COPIES < this.count) return this.fewCopies(docs, apart)
    const perCluster = new Uint32Array(this.heads.length)
    for (const doc of docs) perCluster[code[doc]!]!++
    // Each role with two or more matched postings gets a group, its postings in document order.
    const next = new Uint32Array(this.heads.length)
    const starts: number[] = [0]
    const whole: number[] = []
    let total = 0
    for (let cluster = 0; cluster < perCluster.length; cluster++) {
      if (perCluster[cluster]! < 2) continue
      if (apart && perCluster[cluster] === this.sizes[cluster]) {
        whole.push(cluster)
        continue
      }
      next[cluster] = total + 1
      total += perCluster[cluster]!
      starts.push(total)
    }
    const grouped = new Uint32Array(total)
    for (const doc of docs) {
      const at = next[code[doc]!]!
      if (at === 0) continue
      grouped[at - 1] = doc
      next[code[doc]!] = at + 1
    }
    return apart ? { docs: grouped, starts: Uint32Array.from(starts), whole: Uint32Array.from(whole) } : { docs: grouped, starts: Uint32Array.from(starts) }
  }

  /**
   * copiesOf for a few matched shared postings: sorted by cluster, then document, instead of a
   * count per cluster of the catalogue (two arrays and a pass as long as the clusters).
   */
  private fewCopies(docs: Uint32Array, apart: boolean): RoleCopies {
    const { code, sizes } = this
    // cluster * docCount + doc stays exact in a double (below 2^53) for any catalogue this serves.
    const docCount = code.length
    const keys = new Float64Array(docs.length)
    for (let i = 0; i < docs.length; i++) keys[i] = code[docs[i]!]! * docCount + docs[i]!
    keys.sort()
    const grouped: number[] = []
    const starts: number[] = [0]
    const whole: number[] = []
    for (let i = 0; i < keys.length; ) {
      const cluster = Math.floor(keys[i]! / docCount)
      let end = i + 1
      while (end < keys.length && Math.floor(keys[end]! / docCount) === cluster) end++
      if (end - i >= 2) {
        if (apart && end - i === sizes[cluster]) whole.push(cluster)
        else {
          for (let k = i; k < end; k++) grouped.push(keys[k]! - cluster * docCount)
          starts.push(grouped.length)
        }
      }
      i = end
    }
    const copies = { docs: Uint32Array.from(grouped), starts: Uint32Array.from(starts) }
    return apart ? { ...copies, whole: Uint32Array.from(whole) } : copies
  }

  /**
   * copiesOf(matched, true) from the shared postings the set does not hold, for a set holding most
   * of them (a common word, no filter): a role none of whose postings is missing is whole, and only
   * the roles with a missing one are read posting by posting (from every role's postings, by cluster).
   */
  private copiesByMissing(matched: Bitmap): RoleCopies {
    const { shared, code, sizes } = this
    const missing = new Uint32Array(this.count)
    for (let word = 0; word < shared.length; word++) {
      let bits = shared[word]! & ~(matched[word] ?? 0)
      while (bits !== 0) {
        const bit = 31 - Math.clz32(bits & -bits)
        bits &= bits - 1
        missing[code[(word << 5) | bit]!]!++
      }
    }
    // Every live posting's group is its cluster's: group c of everyCopy() is cluster c.
    const every = this.everyCopy()
    const whole: number[] = []
    const starts: number[] = [0]
    const docs: number[] = []
    for (let cluster = 0; cluster < this.count; cluster++) {
      if (missing[cluster] === 0) whole.push(cluster)
      else if (sizes[cluster]! - missing[cluster]! >= 2) {
        for (let i = every.starts[cluster]!; i < every.starts[cluster + 1]!; i++) if (hasDoc(matched, every.docs[i]!)) docs.push(every.docs[i]!)
        starts.push(docs.length)
      }
    }
    return { docs: Uint32Array.from(docs), starts: Uint32Array.from(starts), whole: Uint32Array.from(whole) }
  }

  /** copiesOf every live document with `apart`: every role whole (a search matching every live posting). */
  everyRoleWhole(): RoleCopies {
    return (this.allWhole ??= { docs: new Uint32Array(0), starts: new Uint32Array(1), whole: Uint32Array.from({ length: this.count }, (_, cluster) => cluster) })
  }

  /** copiesOf every live document, built on first use (the whole catalogue's facet counts, facet-count.ts). */
  everyCopy(): RoleCopies {
    return (this.allCopies ??= this.copiesOf(this.live))
  }

  /** The cards of every live document, built on first use (the facet counts' base: facet-count.ts). */
  everyCard(): Bitmap {
    return (this.allCards ??= this.cardsOf(this.live))
  }

  /** Everything to save, every card and copy included (built now when not yet). */
  saved(): SavedClusters {
    return { shared: this.shared, older: this.older, heads: this.heads, code: this.code, sizes: this.sizes, cards: this.everyCard(), copies: this.everyCopy() }
  }

  /** The dense number of a shared document's cluster (0 for one not shared); numbers run below `count`. */
  clusterOf(doc: number): number {
    return this.code[doc] ?? 0
  }

  /** How many other live documents share the document's role cluster. */
  othersOf(doc: number): number {
    return (this.shared[doc >>> 5]! & (1 << (doc & 31))) !== 0 ? this.sizes[this.code[doc]!]! - 1 : 0
  }

  private listCards(matched: DocList, stamp: number): DocList {
    const { shared, code, stamps } = this
    const { docs } = matched
    const keep = new Uint8Array(docs.length)
    let kept = 0
    for (let i = docs.length - 1; i >= 0; i--) {
      const doc = docs[i]!
      if ((shared[doc >>> 5]! & (1 << (doc & 31))) !== 0) {
        const cluster = code[doc]!
        if (stamps[cluster] === stamp) continue
        stamps[cluster] = stamp
      }
      keep[i] = 1
      kept++
    }
    if (kept === docs.length) return matched
    const out = new Uint32Array(kept)
    let n = 0
    for (let i = 0; i < docs.length; i++) if (keep[i]) out[n++] = docs[i]!
    return new DocList(out)
  }

  private nextStamp(): number {
    if (++this.stamp === 0xffffffff) {
      this.stamps.fill(0)
      this.stamp = 1
    }
    return this.stamp
  }
}
