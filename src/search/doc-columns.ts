/**
 * Columnar, in-memory copy of every open posting's filterable attributes, addressed by a dense
 * document index. Single-valued facets are code columns (0 = no value, else dictionary code + 1);
 * multi-valued ones (and the title/company word lists used for relevance) are CSR arrays.
 * Documents are appended and overwritten, never moved: a closed posting only loses its `live` bit.
 */
import { wordsFor, type Bitmap } from './bitmap.ts'
import { INDEX_FLAGS, INDEX_NUMBERS } from './facet-spec.ts'
import type { FlagAttribute, NumberAttribute } from '../catalogue/posting-attributes.ts'

export class Dictionary {
  readonly names: string[] = []
  private readonly codes = new Map<string, number>()

  static from(names: readonly string[]): Dictionary {
    const dictionary = new Dictionary()
    for (const name of names) dictionary.intern(name)
    return dictionary
  }

  code(name: string): number | undefined {
    return this.codes.get(name)
  }

  intern(name: string): number {
    let code = this.codes.get(name)
    if (code === undefined) {
      code = this.names.length
      this.codes.set(name, code)
      this.names.push(name)
    }
    return code
  }
}

/** Compressed sparse rows: the values of doc d are values[offsets[d] .. offsets[d + 1]). */
export class Csr {
  offsets: Uint32Array
  values: Uint32Array
  private length = 0

  constructor(docCapacity: number, valueCapacity = docCapacity * 2) {
    this.offsets = new Uint32Array(docCapacity + 1)
    this.values = new Uint32Array(Math.max(16, valueCapacity))
  }

  static from(offsets: Uint32Array, values: Uint32Array): Csr {
    const csr = new Csr(0, 0)
    csr.offsets = offsets
    csr.values = values
    csr.length = values.length
    return csr
  }

  /** Appends the next document's values (documents are appended in order). */
  append(doc: number, codes: ArrayLike<number>): void {
    if (doc + 2 > this.offsets.length) this.offsets = grow(this.offsets, doc + 2)
    if (this.length + codes.length > this.values.length) this.values = grow(this.values, this.length + codes.length)
    for (let i = 0; i < codes.length; i++) this.values[this.length++] = codes[i]!
    this.offsets[doc + 1] = this.length
  }

  valuesOf(doc: number): Uint32Array {
    return this.values.subarray(this.offsets[doc]!, this.offsets[doc + 1]!)
  }

  /**
   * A copy with some documents' values replaced (and documents oldDocCount.. docCount - 1 added,
   * all of them in `changed`). Unchanged runs are copied in bulk, so a patch of a few documents
   * costs one memory copy, not one allocation per document. Shared arrays stay shared.
   */
  patched(oldDocCount: number, docCount: number, changed: Map<number, number[]>): Csr {
    let extra = 0
    for (const values of changed.values()) extra += values.length
    const next = new Csr(0, 0)
    next.offsets = arrayLike(this.offsets, docCount + 1)
    next.values = arrayLike(this.values, Math.max(16, this.offsets[oldDocCount]! + extra))
    const changedDocs = [...changed.keys()].sort((a, b) => a - b)
    let write = 0
    let doc = 0
    const copyRun = (end: number) => {
      if (end <= doc) return
      const start = this.offsets[doc]!
      const stop = this.offsets[end]!
      next.values.set(this.values.subarray(start, stop), write)
      const shift = write - start
      for (let d = doc; d < end; d++) next.offsets[d + 1] = this.offsets[d + 1]! + shift
      write += stop - start
      doc = end
    }
    for (const changedDoc of changedDocs) {
      copyRun(Math.min(changedDoc, oldDocCount))
      const values = changed.get(changedDoc)!
      next.values.set(values, write)
      write += values.length
      next.offsets[changedDoc + 1] = write
      doc = changedDoc + 1
    }
    copyRun(oldDocCount)
    next.length = write
    return next
  }
}

type Typed = Uint32Array | Float64Array | Int8Array | Uint8Array
type Kind<T> = { new (length: number): T; new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number }

export const isShared = (array: ArrayBufferView) => array.buffer instanceof SharedArrayBuffer

/** An empty array of the same kind, in shared memory when `array` is. */
function arrayLike<T extends Typed>(array: T, length: number, shared = isShared(array)): T {
  const Kind = array.constructor as Kind<T>
  return shared ? new Kind(new SharedArrayBuffer(length * Kind.BYTES_PER_ELEMENT)) : new Kind(length)
}

export function grow<T extends Typed>(array: T, minLength: number): T {
  const next = arrayLike(array, Math.max(minLength, Math.ceil(array.length * 1.5) + 16))
  next.set(array)
  return next
}

/** The array in shared memory: itself when it already is there, else a copy. */
function sharedCopy<T extends Typed>(array: T): T {
  if (isShared(array)) return array
  const copy = arrayLike(array, array.length, true)
  copy.set(array)
  return copy
}

/** Number columns by attribute name (dates as epoch seconds); NaN marks an unknown number. */
export const NUMBER_COLUMNS = INDEX_NUMBERS
export type NumberColumn = NumberAttribute
/** Bool columns by attribute name: -1 unknown, 0 stated no, 1 stated yes. */
export const FLAG_COLUMNS = INDEX_FLAGS

export class DocColumns {
  docCount = 0
  jobIds: Uint32Array
  /** Open postings; a closed or deleted posting keeps its document slot with the bit cleared. */
  live: Bitmap
  /** job id -> document index + 1 (0 = not in the index). */
  docOfJob: Uint32Array
  /** The posting's role cluster (role_clusters.id; 0 = none): one card per role in search (role-cards.ts). */
  clusters: Uint32Array
  readonly singles = new Map<string, Uint32Array>()
  readonly multis = new Map<string, Csr>()
  readonly dictionaries = new Map<string, Dictionary>()
  readonly numbers = new Map<NumberColumn, Float64Array>()
  readonly flags = new Map<FlagAttribute, Int8Array>()

  constructor(
    readonly singleFields: readonly string[],
    readonly multiFields: readonly string[],
    capacity: number,
  ) {
    this.jobIds = new Uint32Array(capacity)
    this.live = new Uint32Array(wordsFor(capacity))
    this.docOfJob = new Uint32Array(capacity + 1)
    this.clusters = new Uint32Array(capacity)
    for (const field of singleFields) this.singles.set(field, new Uint32Array(capacity))
    for (const field of multiFields) this.multis.set(field, new Csr(capacity))
    for (const field of [...singleFields, ...multiFields]) this.dictionaries.set(field, new Dictionary())
    for (const column of NUMBER_COLUMNS) this.numbers.set(column, new Float64Array(capacity))
    for (const column of FLAG_COLUMNS) this.flags.set(column, new Int8Array(capacity))
  }

  /**
   * Moves the facet code columns (every single-valued one, and the given multi-valued ones) into
   * shared memory, once: the counting threads (count-threads.ts) then read them without a copy, and
   * they keep growing and patching there (grow, Csr.patched). Each copy replaces its array, so
   * the memory is not doubled.
   */
  shareFacetColumns(multiFields: readonly string[]): void {
    for (const [field, column] of this.singles) this.singles.set(field, sharedCopy(column))
    for (const field of multiFields) {
      const csr = this.multi(field)
      csr.offsets = sharedCopy(csr.offsets)
      csr.values = sharedCopy(csr.values)
    }
  }

  dictionary(field: string): Dictionary {
    return this.dictionaries.get(field)!
  }

  single(field: string): Uint32Array {
    return this.singles.get(field)!
  }

  multi(field: string): Csr {
    return this.multis.get(field)!
  }

  number(column: NumberColumn): Float64Array {
    return this.numbers.get(column)!
  }

  flag(column: FlagAttribute): Int8Array {
    return this.flags.get(column)!
  }

  docOf(jobId: number): number | undefined {
    const slot = jobId < this.docOfJob.length ? this.docOfJob[jobId]! : 0
    return slot === 0 ? undefined : slot - 1
  }

  /** Reserves the next document slot for a job. Per-doc columns grow as needed. */
  addDoc(jobId: number): number {
    const doc = this.docCount++
    if (doc >= this.jobIds.length) {
      const size = Math.ceil(this.jobIds.length * 1.5) + 16
      this.jobIds = grow(this.jobIds, size)
      this.clusters = grow(this.clusters, size)
      for (const [field, column] of this.singles) this.singles.set(field, grow(column, size))
      for (const [column, values] of this.numbers) this.numbers.set(column, grow(values, size))
      for (const [column, values] of this.flags) this.flags.set(column, grow(values, size))
    }
    if (wordsFor(doc + 1) > this.live.length) this.live = grow(this.live, wordsFor(this.jobIds.length))
    if (jobId >= this.docOfJob.length) this.docOfJob = grow(this.docOfJob, jobId + 1)
    this.jobIds[doc] = jobId
    this.docOfJob[jobId] = doc + 1
    return doc
  }
}
