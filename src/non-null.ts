/**
 * The fields whose value is not null: an answer leaves an unknown optional member out rather than
 * sending it as null (`...nonNull({ stage: row.stage, notes: row.notes })`).
 */
export function nonNull<T extends Record<string, unknown>>(fields: T): { [K in keyof T]?: Exclude<T[K], null> } {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(fields)) if (fields[key] !== null) out[key] = fields[key]
  return out as { [K in keyof T]?: Exclude<T[K], null> }
}
