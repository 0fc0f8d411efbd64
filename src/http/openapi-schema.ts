import type * as v from 'valibot'
import { toJsonSchema } from '@valibot/to-json-schema'

/**
 * valibot -> JSON Schema (2020-12, the dialect of OpenAPI 3.1) for the OpenAPI document. Query and
 * path values arrive as text, so our helpers for them are pipes from string to number or boolean;
 * those are described by the type the client means (`integer` with its bounds, `boolean`) rather
 * than "a string matching /^\d+$/". What JSON Schema cannot express (custom checks) is left out.
 */
type JsonObject = Record<string, unknown>
interface SchemaNode {
  type: string
  kind?: string
  entries?: Record<string, SchemaNode>
  wrapped?: SchemaNode
  default?: unknown
  options?: unknown[]
  pipe?: SchemaNode[]
  requirement?: unknown
  description?: string
}

export interface ParameterSchema {
  name: string
  required: boolean
  description?: string
  schema: JsonObject
}

export function jsonSchemaOf(schema: v.GenericSchema): JsonObject {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, { target: 'draft-2020-12', errorMode: 'ignore' }) as JsonObject
  return rest
}

/** One entry per key of an object schema (query or path); null when the schema is not an object. */
export function parametersOf(schema: v.GenericSchema): ParameterSchema[] | null {
  let node = schema as unknown as SchemaNode
  if (!node.entries && node.pipe?.[0]?.entries) node = node.pipe[0]
  if (!node.entries) return null
  return Object.entries(node.entries).map(([name, entry]) => {
    const optional = entry.type === 'optional' || entry.type === 'nullish' || entry.type === 'exact_optional'
    const inner = optional && entry.wrapped ? entry.wrapped : entry
    const { description, ...described } = scalarSchema(inner, entry)
    const defaultValue = optional && entry.default !== undefined && typeof entry.default !== 'function' ? entry.default : undefined
    const schemaOut: JsonObject = defaultValue === undefined ? described : { ...described, default: defaultValue }
    return { name, required: !optional, description: description as string | undefined, schema: schemaOut }
  })
}

/** A pipe whose first item is itself a pipe (`v.pipe(intParam(), v.description(...))`) reads as one. */
function flatPipe(pipe: SchemaNode[]): SchemaNode[] {
  return pipe.flatMap((item, index) => (index === 0 && item.pipe ? flatPipe(item.pipe) : [item]))
}

function scalarSchema(inner: SchemaNode, whole: SchemaNode): JsonObject {
  const pipe = inner.pipe ? flatPipe(inner.pipe) : []
  const description = pipe.findLast((a) => a.type === 'description')?.description
  const withDescription = (out: JsonObject): JsonObject => (description ? { ...out, description } : out)
  const base = inner.pipe ? pipe[0] : inner
  // A pipe that states its own JSON Schema (lenientInt in validate.ts) is described by it.
  const stated = pipe.find((a) => a.type === 'metadata' && (a as { metadata?: { jsonSchema?: JsonObject } }).metadata?.jsonSchema)
  if (stated) return withDescription({ ...(stated as unknown as { metadata: { jsonSchema: JsonObject } }).metadata.jsonSchema })
  if (base?.type === 'picklist' && isBooleanWords(base.options) && (inner === base || hasTransform(pipe))) {
    return withDescription({ type: 'boolean' })
  }
  const digitsOnly = pipe.some((a) => a.type === 'regex' && a.requirement instanceof RegExp && /^\^\\d[{+]/.test(a.requirement.source))
  if (base?.type === 'string' && digitsOnly && hasTransform(pipe)) {
    const out: JsonObject = { type: 'integer' }
    for (const action of pipe) {
      if (action.type === 'min_value' && typeof action.requirement === 'number') out.minimum = action.requirement
      if (action.type === 'max_value' && typeof action.requirement === 'number' && action.requirement < Number.MAX_SAFE_INTEGER) out.maximum = action.requirement
    }
    return withDescription(out)
  }
  const { default: _default, ...converted } = jsonSchemaOf((whole.wrapped ?? whole) as unknown as v.GenericSchema)
  return converted
}

function hasTransform(pipe: SchemaNode[]): boolean {
  return pipe.some((a) => a.type === 'transform')
}

function isBooleanWords(options: unknown[] | undefined): boolean {
  return !!options && options.length > 0 && options.every((o) => o === 'true' || o === 'false' || o === '1' || o === '0')
}
