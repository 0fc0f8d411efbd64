/**
 * DocColumns loaded in parts (one per thread, each an id range; index-load-threads.ts): handed
 * between threads as plain typed arrays and dictionary names, then joined into one DocColumns in id
 * order, each part's dictionary codes translated into the joined dictionaries.
 */
import { Csr, DocColumns, FLAG_COLUMNS, NUMBER_COLUMNS } from './doc-columns.ts'

type Typed = Uint32Array | Float64Array | Int8Array

/** What a loading thread posts: structured-cloneable, its arrays transferable. */
export interface ColumnsMessage {
  docCount: number
  jobIds: Uint32Array
  clusters: Uint32Array
  flags: Int8Array[]
  numbers: Float64Array[]
  singles: Uint32Array[]
  multis: [Uint32Array, Uint32Array][]
  dictionaries: string[][]
}

export function columnsMessage(columns: DocColumns): { message: ColumnsMessage; transfer: ArrayBuffer[] } {
  const n = columns.docCount
  const message: ColumnsMessage = {
    docCount: n,
    jobIds: columns.jobIds.subarray(0, n),
    clusters: columns.clusters.subarray(0, n),
    flags: FLAG_COLUMNS.map((column) => columns.flag(column).subarray(0, n)),
    numbers: NUMBER_COLUMNS.map((column) => columns.number(column).subarray(0, n)),
    singles: columns.singleFields.map((field) => columns.single(field).subarray(0, n)),
    multis: columns.multiFields.map((field) => {
      const csr = columns.multi(field)
      return [csr.offsets.subarray(0, n + 1), csr.values.subarray(0, csr.offsets[n])]
    }),
    dictionaries: [...columns.singleFields, ...columns.multiFields].map((field) => columns.dictionary(field).names),
  }
  const arrays: Typed[] = [message.jobIds, message.clusters, ...message.flags, ...message.numbers, ...message.singles, ...message.multis.flat()]
  return { message, transfer: [...new Set(arrays.map((array) => array.buffer as ArrayBuffer))] }
}

/** The parts (in ascending id ranges) as one DocColumns: every document live, in id order. */
export function joinParts(parts: ColumnsMessage[], singleFields: readonly string[], multiFields: readonly string[]): DocColumns {
  const total = parts.reduce((sum, part) => sum + part.docCount, 0)
  const columns = new DocColumns(singleFields, multiFields, Math.max(16, total))
  const fields = [...singleFields, ...multiFields]
  const maxId = parts.reduce((max, part) => (part.docCount ? Math.max(max, part.jobIds[part.docCount - 1]!) : max), 0)
  columns.docOfJob = new Uint32Array(maxId + 1)
  // Per part and field: the part's code -> the joined dictionary's code.
  const codeMaps = parts.map((part) => fields.map((field, i) => Uint32Array.from(part.dictionaries[i]!, (name) => columns.dictionary(field).intern(name))))
  let base = 0
  parts.forEach((part, p) => {
    const n = part.docCount
    columns.jobIds.set(part.jobIds, base)
    columns.clusters.set(part.clusters, base)
    for (let d = 0; d < n; d++) columns.docOfJob[part.jobIds[d]!] = base + d + 1
    FLAG_COLUMNS.forEach((column, i) => columns.flag(column).set(part.flags[i]!, base))
    NUMBER_COLUMNS.forEach((column, i) => columns.number(column).set(part.numbers[i]!, base))
    singleFields.forEach((field, i) => {
      const target = columns.single(field)
      const source = part.singles[i]!
      const map = codeMaps[p]![i]!
      for (let d = 0; d < n; d++) target[base + d] = source[d] ? map[source[d]! - 1]! + 1 : 0
    })
    base += n
  })
  multiFields.forEach((field, i) => {
    const lists = parts.map((part) => part.multis[i]!)
    const offsets = new Uint32Array(total + 1)
    const values = new Uint32Array(lists.reduce((sum, [, partValues]) => sum + partValues.length, 0))
    let doc = 0
    let at = 0
    parts.forEach((part, p) => {
      const [partOffsets, partValues] = lists[p]!
      const map = codeMaps[p]![singleFields.length + i]!
      for (let v = 0; v < partValues.length; v++) values[at + v] = map[partValues[v]!]!
      for (let d = 0; d < part.docCount; d++) offsets[doc + d + 1] = at + partOffsets[d + 1]!
      doc += part.docCount
      at += partValues.length
    })
    columns.multis.set(field, Csr.from(offsets, values))
  })
  columns.docCount = total
  for (let doc = 0; doc < total; doc++) columns.live[doc >>> 5]! |= 1 << (doc & 31)
  return columns
}
