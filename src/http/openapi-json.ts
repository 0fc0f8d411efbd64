/**
 * The JSON Schema building blocks every response-shape file of the OpenAPI document spells the same
 * way (src/http/openapi-shapes*.ts).
 */
export type JsonObject = Record<string, unknown>

export const str: JsonObject = { type: 'string' }
export const strings: JsonObject = { type: 'array', items: str }
export const bool: JsonObject = { type: 'boolean' }
export const int: JsonObject = { type: 'integer' }
export const count: JsonObject = { type: 'integer', minimum: 0 }
export const percent: JsonObject = { type: 'integer', minimum: 0, maximum: 100 }
export const time: JsonObject = { type: 'string', format: 'date-time' }
export const uuid: JsonObject = { type: 'string', format: 'uuid' }
export const nullable = (schema: JsonObject): JsonObject => ({ ...schema, type: [schema.type, 'null'] })
export const list = (item: JsonObject): JsonObject => ({ type: 'array', items: item })
