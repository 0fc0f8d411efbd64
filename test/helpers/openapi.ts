import assert from 'node:assert/strict'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'

/**
 * Strict checks of real answers against our OpenAPI document: a copy of every object schema that
 * lists its properties refuses any other key, so an undocumented field fails the test.
 */
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void

function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict)
  if (!schema || typeof schema !== 'object') return schema
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, strict(value)]))
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false
  return out
}

export function documentChecker(document: any) {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  const components = strict(document.components)
  const compiled = new Map<string, ValidateFunction>()
  const validatorFor = (schema: unknown): ValidateFunction => {
    const key = JSON.stringify(schema)
    if (!compiled.has(key)) compiled.set(key, ajv.compile({ ...(strict(schema) as object), components }))
    return compiled.get(key)!
  }
  /** Asserts that `body` is what the document states `method path` answers with `status` (JSON). */
  const assertDocumented = (method: string, path: string, status: number, body: unknown, label = `${method} ${path}`) => {
    const schema = document.paths[path]?.[method.toLowerCase()]?.responses[String(status)]?.content?.['application/json']?.schema
    assert.ok(schema, `${method} ${path} documents a schema for ${status}`)
    const validate = validatorFor(schema)
    assert.ok(validate(body), `${label}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`)
  }
  return { ajv, validatorFor, assertDocumented }
}
