/**
 * One generation of the in-memory index: the document columns plus what is derived from them,
 * per facet value the sorted list of live documents carrying it (a posting list), and, built on
 * first use, one document permutation per sort key. Replaced (rebuilt or patched) when the
 * catalogue changes; only view counts move in place (see IndexKeeper).
 */
import { countDocs, fromDocs, orDocs, type Bitmap } from './bitmap.ts'
import type { DocColumns, NumberColumn } from './doc-columns.ts'
import { MULTI_FACETS, REGIONS_NONE, type FacetName } from './facet-spec.ts'
import { packFacetRows, type FacetRows } from './facet-rows.ts'
import { restoreVariance, savedVariance, type SavedVariance } from './facet-count.ts'
import { COMPANY_WORDS } from './index-load.ts'
import { tokenize } from './text-tokens.ts'
import { RoleClusters, type SavedClusters } from './role-cards.ts'
import { lowerBound, partitionPoint } from './lower-bound.ts'

export interface SortPermutation {
  /** Live documents with a known key, ascending by (key, document). */
  known: Uint32Array
  /** Live documents with no value for the key, ascending by document; always served last. */
  unknown: Uint32Array
}

/**
 * What a snapshot keeps of a generation besides its columns (index-snapshot.ts): its posting lists,
 * every sort order, its role clusters, packed facet rows and role variance, so a restart derives
 * none of them (~2.4 s of each serving process's start at a million postings). The lists and rows
 * must be views of shared memory, as sharedLists and packFacetRows make them (the counting threads
 * read them).
 */
export interface IndexParts {
  postings: Map<string, Uint32Array[]>
  permutations: Map<NumberColumn, SortPermutation>
  clusters: SavedClusters
  rows: FacetRows
  variance: SavedVariance
}

/**
 * Posting lists of the given lengths, as views of one buffer in shared memory: the counting
 * threads read them (count-threads.ts), and one buffer per field is posted to them at once.
 */
function sharedLists(lengths: ArrayLike<number>): Uint32Array[] {
  let total = 0
  for (let i = 0; i < lengths.length; i++) total += lengths[i]!
  const buffer = new SharedArrayBuffer(4 * total)
  let at = 0
  return Array.from(lengths, (length) => {
    const list = new Uint32Array(buffer, 4 * at, length)
    at += length
    return list
  })
}

/** Value ranges kept per index generation (numeric filters' bitmaps). */
const KEPT_RANGES = 16

export class SearchIndex {
  readonly words: number
  readonly liveCount: number
  private readonly postings = new Map<string, Uint32Array[]>()
  /** Live documents with no region: `regions=none`. */
  readonly regionsNone: Uint32Array
  private readonly permutations = new Map<NumberColumn, SortPermutation>()
  private readonly ranges = new Map<string, Bitmap>()
  private readonly dense = new Map<Uint32Array, Bitmap>()
  private readonly folded = new Map<string, Map<string, Uint32Array>>()
  private rows: FacetRows | undefined
  private clusters: RoleClusters | undefined
  /**
   * Told of every part built on first use (on a request) once the engine was ready: /readyz
   * promised none would be, until the catalogue changes (the engine counts them for GET /metrics).
   */
  lateBuild: ((part: string) => void) | undefined
  /** Whether warm() ran on this generation. */
  warmed = false
  /**
   * The sort orders of the generation this one patched, and the documents the patch touched: an
   * order is repaired from them (two sorted lists merged) instead of sorted again, which at a
   * million postings cost ~1 s of every change's first sorted request. The posting lists are
   * repaired so too, at once (~0.8 s rebuilt at a million).
   */
  private inherited: { permutations: Map<NumberColumn, SortPermutation>; touched: Uint32Array } | undefined

  /** `from`: the generation this one patches and the documents the patch touched, or the parts a snapshot saved of these columns. */
  constructor(readonly columns: DocColumns, from?: { previous: SearchIndex; touched: readonly number[] } | { saved: IndexParts }) {
    const patched = from && 'previous' in from ? from : undefined
    const saved = from && 'saved' in from ? from.saved : undefined
    // Each touched document once, ascending: what both repairs walk.
    const touched = patched ? Uint32Array.from(new Set(patched.touched)).sort() : undefined
    if (patched) this.inherited = { permutations: new Map(patched.previous.permutations), touched: touched! }
    if (saved) {
      for (const [key, permutation] of saved.permutations) this.permutations.set(key, permutation)
      this.clusters = new RoleClusters(columns, saved.clusters)
      this.rows = saved.rows
      restoreVariance(this, saved.variance)
    }
    this.words = columns.live.length
    this.liveCount = countDocs(columns.live)
    const earlier = patched?.previous.postings
    for (const field of columns.singleFields) this.postings.set(field, saved?.postings.get(field) ?? (earlier?.has(field) ? this.repairedPostings(field, earlier.get(field)!, touched!, true) : this.singlePostings(field)))
    for (const field of columns.multiFields) this.postings.set(field, saved?.postings.get(field) ?? (earlier?.has(field) ? this.repairedPostings(field, earlier.get(field)!, touched!, false) : this.multiPostings(field)))
    this.regionsNone = this.docsWhere((doc) => {
      const regions = columns.multi('regions')
      return regions.offsets[doc] === regions.offsets[doc + 1]
    })
  }

  get live(): Bitmap {
    return this.columns.live
  }

  /** Role clusters of the live documents, for one card per role (built by warm(), or on first use). */
  get roleClusters(): RoleClusters {
    if (!this.clusters) {
      this.lateBuild?.('role_clusters')
      this.clusters = new RoleClusters(this.columns)
    }
    return this.clusters
  }

  /**
   * Builds every part a request would otherwise build on first use (role clusters, their cards and copies,
   * the packed facet rows, every sort order, case-folded values, dense values' bitmaps), so the
   * requests after it only read.
   */
  warm(shareColumns: boolean): void {
    const lateBuild = this.lateBuild
    this.lateBuild = undefined
    this.roleClusters.everyCard()
    this.roleClusters.everyCopy()
    this.facetRows()
    for (const key of this.columns.numbers.keys()) this.sortPermutation(key)
    for (const field of [...this.columns.singleFields, ...this.columns.multiFields]) {
      for (const name of this.columns.dictionary(field).names) this.denseBitmap(field, name)
      for (const folded of this.foldedPostings(field).keys()) this.denseBitmap(field, folded)
    }
    this.denseBitmap('regions', REGIONS_NONE)
    if (shareColumns) this.shareColumns()
    this.lateBuild = lateBuild
    this.warmed = true
  }

  isLive(doc: number): boolean {
    return (this.columns.live[doc >>> 5]! & (1 << (doc & 31))) !== 0
  }

  /**
   * Documents carrying a value, compared case-insensitively (`Remote`, `london`, `eur` find the
   * canonical `remote`, `London`, `EUR`); undefined for a value the catalogue has never seen
   * (matches nothing).
   */
  postingsOf(field: string, value: string): Uint32Array | undefined {
    if (field === 'regions' && value.toLowerCase() === REGIONS_NONE) return this.regionsNone
    const code = this.columns.dictionary(field).code(value)
    if (code !== undefined) return this.postings.get(field)![code]
    return this.foldedPostings(field).get(value.toLowerCase())
  }

  /** Per field, built on first use: lowercased value -> documents of every value that folds to it. */
  private foldedPostings(field: string): Map<string, Uint32Array> {
    let folded = this.folded.get(field)
    if (!folded) {
      this.lateBuild?.('folded_values')
      const byFold = new Map<string, number[]>()
      this.columns.dictionary(field).names.forEach((name, code) => {
        const key = name.toLowerCase()
        const codes = byFold.get(key)
        if (codes) codes.push(code)
        else byFold.set(key, [code])
      })
      const lists = this.postings.get(field)!
      folded = new Map([...byFold].map(([key, codes]) => [key, codes.length === 1 ? lists[codes[0]!]! : Uint32Array.from(codes.flatMap((code) => [...lists[code]!])).sort()]))
      this.folded.set(field, folded)
    }
    return folded
  }

  /**
   * The value's documents as a bitmap when the value is dense (one posting in 32 or more, where a
   * bitmap is no larger than the list and combines word by word), built on first use (in shared
   * memory, for the counting threads); else undefined.
   */
  denseBitmap(field: string, value: string): Bitmap | undefined {
    const docs = this.postingsOf(field, value)
    if (!docs || docs.length * 32 < this.columns.docCount) return undefined
    // Keyed by the list, so every spelling of a value (`Remote`, `remote`) finds one bitmap.
    let bitmap = this.dense.get(docs)
    if (!bitmap) {
      this.lateBuild?.('dense_values')
      bitmap = new Uint32Array(new SharedArrayBuffer(4 * this.words))
      orDocs(bitmap, docs)
      this.dense.set(docs, bitmap)
    }
    return bitmap
  }

  /**
   * Whether the index holds a different name or collection set for this company than it has now.
   * Importers rewrite a company's collections with every posting, so most logged company changes
   * are no change at all; only real ones re-read the company's postings.
   */
  companyDiffers(company: { slug: string; name: string; collections: string[] }): boolean {
    const doc = this.postingsOf('company_slug', company.slug)?.[0]
    if (doc === undefined) return false
    const names = (field: string) => [...this.columns.multi(field).valuesOf(doc)].map((code) => this.columns.dictionary(field).names[code]!).sort()
    const same = (a: string[], b: string[]) => a.length === b.length && a.every((value, i) => value === b[i])
    return !same(names('collections'), [...company.collections].sort()) || !same(names(COMPANY_WORDS), [...new Set(tokenize(company.name))].sort())
  }

  /** Posting lists of every code of a field. */
  allPostings(field: string): Uint32Array[] {
    return this.postings.get(field)!
  }

  /** The facets' codes packed by document, for counting several in one pass; built on first use. */
  facetRows(): FacetRows {
    if (!this.rows) this.lateBuild?.('facet_rows')
    this.rows ??= packFacetRows(this.columns, this.columns.singleFields, this.columns.multiFields.filter((field) => MULTI_FACETS.includes(field as FacetName)))
    return this.rows
  }

  /** Moves the facet columns into shared memory for the counting threads (once; count-threads.ts). */
  shareColumns(): void {
    this.columns.shareFacetColumns(MULTI_FACETS)
  }

  /** After view counts moved in place: the order is rebuilt on next use. */
  dropSortPermutation(key: NumberColumn): void {
    this.permutations.delete(key)
    for (const id of this.ranges.keys()) if (id.startsWith(`${key}|`)) this.ranges.delete(id)
  }

  /** The parts a snapshot saves, built first when not yet and not counted as late (a save is not a request). */
  savedParts(): IndexParts {
    const lateBuild = this.lateBuild
    this.lateBuild = undefined
    for (const key of this.columns.numbers.keys()) this.sortPermutation(key)
    const parts = { postings: new Map(this.postings), permutations: new Map(this.permutations), clusters: this.roleClusters.saved(), rows: this.facetRows(), variance: savedVariance(this) }
    this.lateBuild = lateBuild
    return parts
  }

  sortPermutation(key: NumberColumn): SortPermutation {
    let permutation = this.permutations.get(key)
    if (!permutation) {
      // View counts move in place (dropSortPermutation): that order is rebuilt by design, not late.
      if (key !== 'view_count') this.lateBuild?.('sort_order')
      const earlier = key === 'view_count' ? undefined : this.inherited?.permutations.get(key)
      permutation = earlier ? this.repairPermutation(this.columns.number(key), earlier, this.inherited!.touched) : this.buildPermutation(this.columns.number(key))
      this.permutations.set(key, permutation)
      // The earlier generation's orders are held only until each is repaired.
      this.inherited?.permutations.delete(key)
      if (this.inherited && !this.inherited.permutations.size) this.inherited = undefined
    }
    return permutation
  }

  /**
   * Live documents whose value lies in [low, high] (never one without a value): a slice of the
   * sort order, found by bisection. The last few ranges asked for are kept (a salary floor is one
   * of a handful of values), so a filter costs one word-wise AND.
   */
  valueRange(key: NumberColumn, low: number, high: number): Bitmap {
    const id = `${key}|${low}|${high}`
    let bitmap = this.ranges.get(id)
    if (!bitmap) {
      const { known } = this.sortPermutation(key)
      const values = this.columns.number(key)
      const from = partitionPoint(known.length, (i) => values[known[i]!]! < low)
      const to = partitionPoint(known.length, (i) => values[known[i]!]! <= high)
      bitmap = fromDocs(known.subarray(from, to), this.words)
      if (this.ranges.size >= KEPT_RANGES) this.ranges.delete(this.ranges.keys().next().value!)
      this.ranges.set(id, bitmap)
    }
    return bitmap
  }

  private docsWhere(keep: (doc: number) => boolean): Uint32Array {
    const out: number[] = []
    for (let doc = 0; doc < this.columns.docCount; doc++) if (this.isLive(doc) && keep(doc)) out.push(doc)
    const docs = sharedLists([out.length])[0]!
    docs.set(out)
    return docs
  }

  /**
   * A field's posting lists from the previous generation's: each list without the touched
   * documents, merged with the touched ones that are live and now carry its value; the same lists
   * singlePostings and multiPostings build from every document. Lists no touched document was or
   * is in are copied whole. Many touched documents (a large import) build them from scratch.
   */
  private repairedPostings(field: string, earlier: Uint32Array[], docs: Uint32Array, single: boolean): Uint32Array[] {
    const size = this.columns.dictionary(field).names.length
    if (docs.length * size > this.columns.docCount) return single ? this.singlePostings(field) : this.multiPostings(field)
    const added: number[][] = Array.from({ length: size }, () => [])
    const codes = single ? this.columns.single(field) : undefined
    const multi = single ? undefined : this.columns.multi(field)
    for (const doc of docs) {
      if (!this.isLive(doc)) continue
      if (codes) {
        if (codes[doc] !== 0) added[codes[doc]! - 1]!.push(doc)
      } else {
        for (let k = multi!.offsets[doc]!; k < multi!.offsets[doc + 1]!; k++) added[multi!.values[k]!]!.push(doc)
      }
    }
    // Of each earlier list, how many touched documents it holds (found by bisection).
    const held = Array.from({ length: size }, (_, value) => {
      const list = earlier[value]
      let count = 0
      if (list) for (const doc of docs) if (list[lowerBound(list, doc)] === doc) count++
      return count
    })
    const empty = new Uint32Array(0)
    const lists = sharedLists(held.map((count, value) => (earlier[value]?.length ?? 0) - count + added[value]!.length))
    const isTouched = new Set(docs)
    lists.forEach((list, value) => {
      const old = earlier[value] ?? empty
      const extra = added[value]!
      if (!held[value] && !extra.length) return list.set(old)
      let j = 0
      let n = 0
      for (let i = 0; i < old.length; i++) {
        const doc = old[i]!
        if (isTouched.has(doc)) continue
        while (j < extra.length && extra[j]! < doc) list[n++] = extra[j++]!
        list[n++] = doc
      }
      while (j < extra.length) list[n++] = extra[j++]!
    })
    return lists
  }

  private singlePostings(field: string): Uint32Array[] {
    const codes = this.columns.single(field)
    const size = this.columns.dictionary(field).names.length
    const counts = new Uint32Array(size + 1)
    for (let doc = 0; doc < this.columns.docCount; doc++) if (this.isLive(doc)) counts[codes[doc]!]!++
    const lists = sharedLists(counts.subarray(1))
    const fill = new Uint32Array(size)
    for (let doc = 0; doc < this.columns.docCount; doc++) {
      const code = codes[doc]!
      if (code !== 0 && this.isLive(doc)) lists[code - 1]![fill[code - 1]!++] = doc
    }
    return lists
  }

  private multiPostings(field: string): Uint32Array[] {
    const { offsets, values } = this.columns.multi(field)
    const size = this.columns.dictionary(field).names.length
    const counts = new Uint32Array(size)
    for (let doc = 0; doc < this.columns.docCount; doc++) {
      if (!this.isLive(doc)) continue
      for (let k = offsets[doc]!; k < offsets[doc + 1]!; k++) counts[values[k]!]!++
    }
    const lists = sharedLists(counts)
    counts.fill(0)
    for (let doc = 0; doc < this.columns.docCount; doc++) {
      if (!this.isLive(doc)) continue
      for (let k = offsets[doc]!; k < offsets[doc + 1]!; k++) lists[values[k]!]![counts[values[k]!]!++] = doc
    }
    return lists
  }

  /**
   * The previous generation's order with the touched documents taken out and put back where their
   * values now sort (or left out, closed): the same order buildPermutation gives, by (key, document).
   */
  private repairPermutation(column: Float64Array, earlier: SortPermutation, touched: Uint32Array): SortPermutation {
    const isTouched = new Uint8Array(this.columns.docCount)
    for (const doc of touched) isTouched[doc] = 1
    const kept = (list: Uint32Array) => list.filter((doc) => isTouched[doc] === 0 && this.isLive(doc))
    const live = Array.from(touched).filter((doc) => this.isLive(doc))
    const byKey = (a: number, b: number) => column[a]! - column[b]! || a - b
    const known = live.filter((doc) => !Number.isNaN(column[doc])).sort(byKey)
    const unknown = live.filter((doc) => Number.isNaN(column[doc])).sort((a, b) => a - b)
    return { known: merged(kept(earlier.known), known, byKey), unknown: merged(kept(earlier.unknown), unknown, (a, b) => a - b) }
  }

  /** Sorts by packing (key rank, document) into one float so the native typed-array sort does the work. */
  private buildPermutation(column: Float64Array): SortPermutation {
    const known: number[] = []
    const unknown: number[] = []
    let min = Infinity
    let max = -Infinity
    for (let doc = 0; doc < this.columns.docCount; doc++) {
      if (!this.isLive(doc)) continue
      const value = column[doc]!
      if (Number.isNaN(value)) unknown.push(doc)
      else {
        known.push(doc)
        if (value < min) min = value
        if (value > max) max = value
      }
    }
    const docBits = 2 ** Math.ceil(Math.log2(this.columns.docCount + 1))
    const packable = Number.isSafeInteger((max - min + 1) * docBits) && known.every((doc) => Number.isInteger(column[doc]))
    let sorted: Uint32Array
    if (packable) {
      const keys = new Float64Array(known.length)
      for (let i = 0; i < known.length; i++) keys[i] = (column[known[i]!]! - min) * docBits + known[i]!
      keys.sort()
      sorted = new Uint32Array(known.length)
      for (let i = 0; i < keys.length; i++) sorted[i] = keys[i]! % docBits
    } else {
      sorted = Uint32Array.from(known).sort((a, b) => column[a]! - column[b]! || a - b)
    }
    return { known: sorted, unknown: Uint32Array.from(unknown) }
  }
}

/** Two lists each sorted by `order`, merged into one. */
function merged(a: Uint32Array, b: readonly number[], order: (x: number, y: number) => number): Uint32Array {
  if (!b.length) return a
  const out = new Uint32Array(a.length + b.length)
  let i = 0
  let j = 0
  let n = 0
  while (i < a.length && j < b.length) out[n++] = order(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!
  while (i < a.length) out[n++] = a[i++]!
  while (j < b.length) out[n++] = b[j++]!
  return out
}
