/**
 * The in-memory index saved next to the database file, so a restart reads typed arrays back
 * instead of re-reading a million postings through SQL and FTS5: the document columns, the
 * posting lists and sort orders derived from them, and, once read, the term index. A snapshot is valid only for the database it was made from (a token kept
 * in catalogue_meta) and for the change-log position it records; the engine then patches in
 * whatever changed since. Writing copies the arrays, then writes the file asynchronously, so the
 * request that triggered it does not wait for ~200 MB to reach the disk.
 */
import { randomUUID } from 'node:crypto'
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { open, rename } from 'node:fs/promises'
import { getMeta, setMeta, type DB } from '../db/connection.ts'
import { Csr, Dictionary, DocColumns, FLAG_COLUMNS, NUMBER_COLUMNS, type NumberColumn } from './doc-columns.ts'
import type { Digit } from './facet-rows.ts'
import type { IndexParts, SortPermutation } from './search-index.ts'
import type { FlagFacet } from './facet-spec.ts'
import { TermIndex } from './term-index.ts'
import { referenceCurrency } from '../catalogue/salary-normalized.ts'

/** Bumped whenever the layout of DocColumns or TermIndex changes. */
const FORMAT = 9
const TOKEN_KEY = 'search_snapshot'

type Typed = Uint32Array | Float64Array | Int8Array | Uint8Array

interface Header {
  format: number
  token: string
  seq: number
  /** Position in the view-count log the view counts include. */
  viewSeq: number
  docCount: number
  singleFields: string[]
  multiFields: string[]
  /** The reference currency the salary_normalized column was computed in. */
  salaryReference: string
  /** Number and flag columns, in the order of the arrays. */
  numberFields: string[]
  flagFields: string[]
  dictionaries: Record<string, string[]>
  /** Element count of every array, in the order `arrays` lists them. */
  lengths: number[]
  /**
   * The index's saved parts (search-index.ts IndexParts), their arrays in this order: per sort key
   * its two lists; per field its list lengths and their concatenation; the role clusters' arrays;
   * the facet rows' offsets and bytes (their layout here); the role variance: each facet's roles
   * and totals where `varying` is true, its starts, entries and adding, then each flag's list.
   */
  parts: {
    orders: NumberColumn[]
    fields: string[]
    rows: { singles: [string, Digit][]; singleBytes: number; lists: [string, number][] }
    variance: { varying: boolean[]; flags: FlagFacet[] }
  }
  /** The term index, when it was read: its dictionary and its overlay (its arrays follow the columns'). */
  terms?: { list: string[]; words: number; overlay: [string, number[]][] }
}

export const snapshotPath = (dbPath: string) => `${dbPath}.search-index`

function arrays(columns: DocColumns): Typed[] {
  const n = columns.docCount
  return [
    columns.jobIds.subarray(0, n),
    columns.live,
    columns.docOfJob,
    columns.clusters.subarray(0, n),
    ...FLAG_COLUMNS.map((column) => columns.flag(column).subarray(0, n)),
    ...NUMBER_COLUMNS.map((column) => columns.number(column).subarray(0, n)),
    ...columns.singleFields.map((field) => columns.single(field).subarray(0, n)),
    ...columns.multiFields.flatMap((field) => {
      const csr = columns.multi(field)
      return [csr.offsets.subarray(0, n + 1), csr.values.subarray(0, csr.offsets[n])]
    }),
  ]
}

function termArrays(terms: TermIndex): Typed[] {
  const { df, offsets, docs, denseTerms, bitmaps } = terms.postings
  return [df, offsets, docs, denseTerms, bitmaps, terms.dirty]
}

/** A snapshot ready to write: the header and copies of every array (the index keeps changing meanwhile). */
export interface SnapshotCopy {
  header: Header
  arrays: Typed[]
}

/** The arrays of the saved parts (none is changed in place: no copy), in the order Header.parts gives. */
function partArrays(parts: IndexParts): Typed[] {
  const { clusters } = parts
  const variance = parts.variance.facets
  return [
    ...[...parts.permutations.values()].flatMap(({ known, unknown }) => [known, unknown]),
    ...[...parts.postings.values()].flatMap((lists) => {
      const lengths = Uint32Array.from(lists, (list) => list.length)
      const all = new Uint32Array(lengths.reduce((sum, length) => sum + length, 0))
      let at = 0
      for (const list of lists) {
        all.set(list, at)
        at += list.length
      }
      return [lengths, all]
    }),
    clusters.shared, clusters.older, clusters.heads, clusters.code, clusters.sizes, clusters.cards, clusters.copies.docs, clusters.copies.starts,
    parts.rows.offsets, parts.rows.bytes,
    ...variance.roles.flatMap((roles, place) => (roles ? [roles, variance.totals[place]!] : [])),
    variance.starts, variance.entries, variance.adding,
    ...parts.variance.flags.values(),
  ]
}

export function copySnapshot(columns: DocColumns, parts: IndexParts, terms: TermIndex | undefined, seq: number, viewSeq: number): SnapshotCopy {
  // Term postings are never changed in place (only their dirty mask and overlay are): no copy needed.
  const copied = [...arrays(columns).map((array) => array.slice()), ...partArrays(parts), ...(terms ? [...termArrays(terms).slice(0, 5), terms.dirty.slice()] : [])]
  const header: Header = {
    format: FORMAT, token: randomUUID(), seq, viewSeq, docCount: columns.docCount, salaryReference: referenceCurrency(),
    parts: {
      orders: [...parts.permutations.keys()], fields: [...parts.postings.keys()],
      rows: { singles: [...parts.rows.singles], singleBytes: parts.rows.singleBytes, lists: [...parts.rows.lists] },
      variance: { varying: parts.variance.facets.roles.map((roles) => roles !== null), flags: [...parts.variance.flags.keys()] },
    },
    singleFields: [...columns.singleFields], multiFields: [...columns.multiFields], numberFields: [...NUMBER_COLUMNS], flagFields: [...FLAG_COLUMNS],
    dictionaries: Object.fromEntries([...columns.dictionaries].map(([field, dictionary]) => [field, [...dictionary.names]])),
    lengths: copied.map((array) => array.length),
    ...(terms ? { terms: { list: terms.postings.terms, words: terms.words, overlay: [...terms.overlay].map(([term, docs]): [string, number[]] => [term, [...docs]]) } } : {}),
  }
  return { header, arrays: copied }
}

const padding = (length: number) => Buffer.alloc((8 - (length % 8)) % 8)

/**
 * Writes a copied snapshot (atomically: temp file, then rename), then records its token in the
 * database. The temp file is per process: serving processes on one file (src/cluster/) may save at
 * once; the last rename wins, and a token naming the other one only costs the next start a rebuild.
 */
export async function writeSnapshot(db: DB, path: string, copy: SnapshotCopy): Promise<void> {
  const headerBytes = Buffer.from(JSON.stringify(copy.header))
  const prefix = Buffer.alloc(8)
  prefix.writeUInt32LE(headerBytes.length, 0)
  // Every array starts 8-byte aligned when read back.
  const parts: Uint8Array[] = [prefix, headerBytes, padding(8 + headerBytes.length)]
  for (const array of copy.arrays) parts.push(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), padding(array.byteLength))
  const temp = `${path}.${process.pid}.tmp`
  const file = await open(temp, 'w')
  try {
    // writev takes at most IOV_MAX buffers per call.
    for (let i = 0; i < parts.length; i += 512) await file.writev(parts.slice(i, i + 512))
  } finally {
    await file.close()
  }
  await rename(temp, path)
  setMeta(db, TOKEN_KEY, copy.header.token)
}

/** The header of a snapshot file and where its arrays start, when it is one made for this database in this layout. */
function usableHeader(db: DB, file: number, singleFields: readonly string[], multiFields: readonly string[]): { header: Header; start: number } | undefined {
  const prefix = Buffer.alloc(8)
  readSync(file, prefix, 0, 8, 0)
  const headerLength = prefix.readUInt32LE(0)
  const headerBytes = Buffer.alloc(headerLength)
  readSync(file, headerBytes, 0, headerLength, 8)
  const header = JSON.parse(headerBytes.toString()) as Header
  const same = (a: readonly string[] | undefined, b: readonly string[]) => JSON.stringify(a) === JSON.stringify(b)
  const sameFields = same(header.singleFields, singleFields) && same(header.multiFields, multiFields) && same(header.numberFields, NUMBER_COLUMNS) && same(header.flagFields, FLAG_COLUMNS)
  if (header.format !== FORMAT || !sameFields || header.salaryReference !== referenceCurrency() || header.token !== getMeta(db, TOKEN_KEY)) return undefined
  return { header, start: 8 + headerLength + ((8 - ((8 + headerLength) % 8)) % 8) }
}

/** Reads `path` with `read`; undefined when it is missing, torn or foreign (the index is then loaded from the catalogue). */
function withFile<T>(path: string, read: (file: number) => T | undefined): T | undefined {
  let file: number
  try {
    file = openSync(path, 'r')
  } catch {
    return undefined
  }
  try {
    return read(file)
  } catch {
    return undefined
  } finally {
    closeSync(file)
  }
}

/** Whether a start would restore the snapshot at `path` (its header only is read). */
export function snapshotUsable(db: DB, path: string, singleFields: readonly string[], multiFields: readonly string[]): boolean {
  return withFile(path, (file) => usableHeader(db, file, singleFields, multiFields)) !== undefined
}

/** The saved columns and the change-log position they include, or undefined when absent or not for this database. */
export function readSnapshot(db: DB, path: string, singleFields: readonly string[], multiFields: readonly string[]): { columns: DocColumns; parts: IndexParts; terms?: TermIndex; seq: number; viewSeq: number } | undefined {
  const read = withFile(path, (file) => {
    const usable = usableHeader(db, file, singleFields, multiFields)
    if (!usable) return undefined
    // Read straight into one aligned buffer of shared memory (no second copy of ~450 MB at a million
    // postings); the columns are views onto it, and the counting threads read the facet columns
    // from it without a copy (count-threads.ts).
    const body = new SharedArrayBuffer(fstatSync(file).size - usable.start)
    const into = new Uint8Array(body)
    for (let done = 0; done < into.length; ) {
      const bytes = readSync(file, into, done, Math.min(into.length - done, 1 << 30), usable.start + done)
      if (bytes === 0) return undefined
      done += bytes
    }
    return { header: usable.header, body }
  })
  if (!read) return undefined
  const { header, body } = read
  let at = 0
  let next = 0
  const take = <T extends Typed>(Kind: { new (buffer: SharedArrayBuffer, offset: number, length: number): T; BYTES_PER_ELEMENT: number }): T => {
    const length = header.lengths[next++]!
    const view = new Kind(body, at, length)
    at += length * Kind.BYTES_PER_ELEMENT
    at += (8 - (at % 8)) % 8
    return view
  }
  const columns = new DocColumns(singleFields, multiFields, 0)
  columns.docCount = header.docCount
  columns.jobIds = take(Uint32Array)
  columns.live = take(Uint32Array)
  columns.docOfJob = take(Uint32Array)
  columns.clusters = take(Uint32Array)
  for (const column of FLAG_COLUMNS) columns.flags.set(column, take(Int8Array))
  for (const column of NUMBER_COLUMNS) columns.numbers.set(column, take(Float64Array))
  for (const field of singleFields) columns.singles.set(field, take(Uint32Array))
  for (const field of multiFields) columns.multis.set(field, Csr.from(take(Uint32Array), take(Uint32Array)))
  for (const [field, names] of Object.entries(header.dictionaries)) columns.dictionaries.set(field, Dictionary.from(names))
  const permutations = new Map<NumberColumn, SortPermutation>(header.parts.orders.map((key) => [key, { known: take(Uint32Array), unknown: take(Uint32Array) }]))
  const postings = new Map(
    header.parts.fields.map((field) => {
      const lengths = take(Uint32Array)
      const all = take(Uint32Array)
      let at = 0
      return [field, Array.from(lengths, (length) => all.subarray(at, (at += length)))]
    }),
  )
  const clusters = {
    shared: take(Uint32Array), older: take(Uint32Array), heads: take(Uint32Array), code: take(Uint32Array), sizes: take(Uint32Array), cards: take(Uint32Array),
    copies: { docs: take(Uint32Array), starts: take(Uint32Array) },
  }
  const layout = header.parts.rows
  const rows = { singles: new Map(layout.singles), singleBytes: layout.singleBytes, lists: new Map(layout.lists), offsets: take(Uint32Array), bytes: take(Uint8Array) }
  const varying = header.parts.variance.varying.map((is) => (is ? { roles: take(Uint8Array), totals: take(Uint32Array) } : null))
  const facets = {
    roles: varying.map((v) => v?.roles ?? null), totals: varying.map((v) => v?.totals ?? null),
    starts: take(Uint32Array), entries: take(Uint32Array), adding: take(Uint32Array),
  }
  const variance = { facets, flags: new Map(header.parts.variance.flags.map((flag) => [flag, take(Uint8Array)])) }
  const parts = { permutations, postings, clusters, rows, variance }
  if (!header.terms) return { columns, parts, seq: header.seq, viewSeq: header.viewSeq }
  const termPostings = {
    terms: header.terms.list, df: take(Uint32Array), offsets: take(Uint32Array), docs: take(Uint32Array), denseTerms: take(Uint32Array), bitmaps: take(Uint32Array),
  }
  const terms = new TermIndex(termPostings, header.terms.words)
  terms.dirty = take(Uint32Array)
  for (const [term, docs] of header.terms.overlay) terms.overlay.set(term, docs)
  return { columns, parts, terms, seq: header.seq, viewSeq: header.viewSeq }
}
