import { dataOf, object } from './openapi-shapes.ts'
import { LABELS, SOURCES } from '../inbox/labels.ts'

/**
 * Response shapes of the application-mail operations (docs/inbox.md), as JSON Schema for the
 * OpenAPI document; test/inbox/openapi-shapes.test.ts validates real responses against them.
 */
type Schema = Record<string, unknown>

const str: Schema = { type: 'string' }
const int: Schema = { type: 'integer' }
const count: Schema = { type: 'integer', minimum: 0 }
const bool: Schema = { type: 'boolean' }
const time: Schema = { type: 'string', format: 'date-time' }
const nullable = (schema: Schema): Schema => ({ ...schema, type: [schema.type, 'null'] })

const LINKING: Record<string, Schema> = {
  status_signal: { type: 'string', enum: [...LABELS] },
  link_source: { type: 'string', enum: ['auto', 'manual', 'agent'] },
  linked_slug: str,
  linked_company: str,
  suggested_slug: str,
  suggested_company: str,
}
const source: Schema = { type: 'string', enum: [...SOURCES] }

const ITEM = object(
  { id: int, source, external_id: str, from_addr: str, from_name: str, subject: str, snippet: str, body_text: str, received_at: time, read: bool, ...LINKING },
  ['id', 'source', 'external_id', 'from_addr', 'from_name', 'subject', 'snippet', 'received_at', 'read'],
)

export const EMAIL_BODY_SCHEMA = object(
  { id: int, source, external_id: str, from_addr: str, from_name: str, subject: str, body_text: str, body_html: str, received_at: time, read: bool, ...LINKING },
  ['id', 'source', 'external_id', 'from_addr', 'from_name', 'subject', 'body_text', 'body_html', 'received_at', 'read'],
)

export const EMAIL_BODY = dataOf(EMAIL_BODY_SCHEMA)
export const INBOX_PAGE = object({ data: { type: 'array', items: ITEM }, meta: object({ total: count, limit: count, offset: count, hidden: count }) })
export const PUSH_RESULT = dataOf(object({ inserted: count, updated: count }))
export const MARKED = dataOf(object({ marked: count }))
export const FOLLOWUP = dataOf(object({ subject: str, body: str, recipient: str, recipient_name: str, days_silent: count }, ['subject', 'body', 'days_silent']))
export const RECALL = dataOf(
  object({
    scanned: count,
    suggested: {
      type: 'array',
      items: object({ id: int, provider_id: str, from_addr: str, from_name: str, subject: str, received_at: time, invitation: bool }, ['id', 'from_addr', 'from_name', 'subject', 'received_at', 'invitation']),
    },
    invitations: count,
  }),
)
export const MAILBOX = dataOf(object({ available: bool, address: nullable(str) }))
