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

type Call = (path: string, init?: RequestInit) => Promise<{ status: number; headers: Headers; body: any }>

/**
 * `check(method, documentedPath, request, init, expected)` makes the request, asserts its status,
 * and validates its body against what the document publishes for that status and media type (a
 * body that is not JSON must at least be one of the documented media types). `answered` records
 * the statuses each "METHOD /path" was answered with.
 */
export function operationChecker(document: any, call: Call) {
  const { ajv, validatorFor } = documentChecker(document)
  const answered = new Map<string, number[]>()
  async function check(method: string, path: string, request: string, init: RequestInit = {}, expected = 200) {
    const response = await call(request, { method, ...init })
    assert.equal(response.status, expected, `${method} ${request}: ${JSON.stringify(response.body).slice(0, 600)}`)
    const operation = document.paths[path]?.[method.toLowerCase()]
    assert.ok(operation, `${method} ${path} is documented`)
    const documented = operation.responses[String(response.status)] ?? operation.responses.default
    assert.ok(documented, `${method} ${path}: status ${response.status} is documented`)
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!
    if (!documented.content) {
      assert.ok(response.body === null || response.body === '', `${method} ${path}: ${response.status} is documented without a body`)
    } else {
      const media = documented.content[contentType]
      assert.ok(media, `${method} ${path}: ${contentType} is documented for ${response.status} (documented: ${Object.keys(documented.content)})`)
      if (contentType === 'application/json') {
        const validate = validatorFor(media.schema)
        assert.ok(validate(response.body), `${method} ${request} (${response.status}): ${ajv.errorsText(validate.errors)}\n${JSON.stringify(response.body).slice(0, 600)}`)
      } else {
        assert.equal(typeof response.body, 'string')
      }
    }
    answered.set(`${method} ${path}`, [...(answered.get(`${method} ${path}`) ?? []), response.status])
    return response
  }
  /**
   * The operations of the document at or under `paths` that answer a body on success but were
   * not answered with a success here: what a test of an area has left unchecked.
   */
  const unchecked = (...paths: string[]) =>
    Object.entries<any>(document.paths).flatMap(([path, item]) =>
      Object.entries<any>(item)
        .filter(() => paths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
        .filter(([, operation]) => Object.entries<any>(operation.responses).some(([status, response]) => /^2/.test(status) && response.content))
        .map(([method]) => `${method.toUpperCase()} ${path}`)
        .filter((operation) => !(answered.get(operation) ?? []).some((status) => status < 300)),
    )
  return { check, answered, unchecked }
}
