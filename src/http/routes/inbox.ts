import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import type { DB } from '../../db/connection.ts'
import { operations, type Route } from '../route.ts'
import { boolParam, instantField, pagedList, pagingEntries } from '../validate.ts'
import { jobIdBySlug } from '../../catalogue/job-json.ts'
import { notFound } from '../../errors.ts'
import { LABELS, LINK_STATES, SOURCES } from '../../inbox/labels.ts'
import { listInbox, markAllRead, type InboxFilter } from '../../inbox/inbox-list.ts'
import {
  confirmSuggestion, deleteMessage, linkMessage, markAsApplication, markUnread, pushMessages, readMessage, rejectSuggestion, restoreMessage, triageMessage, unlinkMessage,
} from '../../inbox/messages.ts'
import { EMAIL_BODY, INBOX_PAGE, MARKED, PUSH_RESULT } from '../openapi-shapes-inbox.ts'

/**
 * The inbox: the list, one message, pushed mail, and the writes on a message (label, link, unlink,
 * confirm / reject a suggestion, mark as the application, delete, restore). Domain code in src/inbox/.
 */
const LIST_LIMIT = 100
const BODY_LIMIT = 50

const oneOf = <T extends readonly string[]>(values: T, name: string) => v.picklist(values, `${name} must be one of ${values.join(', ')}`)

const FilterEntries = {
  source: v.optional(v.pipe(oneOf(SOURCES, 'source'), v.description('Only mail of this source.'))),
  status: v.optional(v.pipe(oneOf(LABELS, 'status'), v.description('Only mail with this triage label (`other` shows the hidden mail).'))),
  link: v.optional(v.pipe(oneOf(LINK_STATES, 'link'), v.description('Only linked, suggested or unlinked mail.'))),
  q: v.optional(v.pipe(v.string(), v.maxLength(200, 'q must be at most 200 characters'), v.description('Words in the subject, sender or body (a plain substring, no syntax).'))),
}

const InboxQuery = v.object({
  ...FilterEntries,
  unread: v.optional(v.pipe(boolParam, v.description('Only unread mail.'))),
  unclassified: v.optional(v.pipe(boolParam, v.description('Only mail without a label.'))),
  include_other: v.optional(v.pipe(boolParam, v.description('Also list mail labelled `other` (alerts, newsletters).'))),
  body: v.optional(v.pipe(boolParam, v.description('Add `body_text` to each item (limit at most 50).'))),
  ...pagingEntries({ defaultLimit: 20, maxLimit: LIST_LIMIT }),
})

const IdParams = v.object({ id: v.pipe(v.string(), v.description('Message id (an integer; anything else is 404).')) })
const Slug = v.pipe(v.string('slug required'), v.trim(), v.minLength(1, 'slug required'), v.maxLength(300))
const SlugBody = v.object({ slug: Slug })

const TriageBody = v.object({
  signal: v.pipe(oneOf(LABELS, 'signal'), v.description('The label.')),
  slug: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(300), v.description('Also link the message to this posting (link_source agent).'))),
  confidence: v.optional(v.pipe(v.number('confidence must be a number from 0 to 1'), v.minValue(0, 'confidence must be from 0 to 1'), v.maxValue(1, 'confidence must be from 0 to 1'))),
})

const rfc3339 = instantField('received_at must be an RFC 3339 instant')
const PushBody = v.object({
  messages: v.pipe(
    v.array(
      v.object({
        external_id: v.pipe(v.string('external_id is required'), v.trim(), v.minLength(1, 'external_id is required'), v.maxLength(500)),
        thread_id: v.optional(v.pipe(v.string(), v.maxLength(500))),
        from_addr: v.optional(v.pipe(v.string(), v.maxLength(320))),
        from_name: v.optional(v.pipe(v.string(), v.maxLength(300))),
        subject: v.optional(v.pipe(v.string(), v.maxLength(1000))),
        body_text: v.optional(v.pipe(v.string(), v.maxLength(200_000))),
        body_html: v.optional(v.pipe(v.string(), v.maxLength(500_000))),
        received_at: v.optional(rfc3339),
      }),
      'messages must be an array',
    ),
    v.minLength(1, 'messages must not be empty'),
    v.maxLength(100, 'at most 100 messages per call'),
  ),
})

/** A message id from the path: digits only, else the message does not exist. */
function messageId(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw notFound('not found')
  return Number(raw)
}

const filterOf = (query: v.InferOutput<typeof InboxQuery> | Partial<v.InferOutput<typeof InboxQuery>>): InboxFilter => ({
  source: query.source,
  status: query.status,
  link: query.link,
  q: query.q,
  unread: query.unread,
  unclassified: query.unclassified,
  includeOther: query.include_other,
})

const BODY_DOC = 'The message `{ id, source, external_id, from_addr, from_name, subject, body_text, body_html, received_at, read, status_signal?, link_source?, linked_slug?, linked_company?, suggested_slug?, suggested_company? }`.'

const op = operations({ tags: ['mail'], auth: 'session-or-key' })

export function inboxRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  const now = () => ctx.now().toISOString()
  const jobIdOf = (slug: string) => jobIdBySlug(db, slug)

  const messageWrite = (action: string, summary: string, description: string, run: (userId: number, id: number) => unknown) =>
    op.post(`/me/emails/:id/${action}`, summary, {
      description: `${description} ${BODY_DOC}`,
      params: IdParams,
      responses: { 200: { description: '`{ data: message }`', schema: EMAIL_BODY }, 404: 'no such message of the caller' },
    }, (_event, { caller, params }) => ({ data: run(caller.userId, messageId(params.id)) }))
  /** The soft delete and its undo: 204, or 404 `missing`. */
  const messageFiling = (action: 'delete' | 'restore', summary: string, description: string, missing: string, run: (db: DB, userId: number, id: number, now: string) => void) =>
    op.post(`/me/emails/:id/${action}`, summary, {
      description,
      params: IdParams,
      responses: { 204: action === 'delete' ? 'deleted' : 'restored', 404: missing },
    }, (_event, { caller, params }) => run(db, caller.userId, messageId(params.id), now()))

  return [
    op.get('/me/inbox', 'The caller’s application mail', {
      description: 'Newest first; deleted mail excluded; never marks anything read. Items `{ id, source, external_id, from_addr, from_name, subject, snippet, body_text? (with body=1), received_at, read, status_signal?, link_source?, linked_slug?, linked_company?, suggested_slug?, suggested_company? }`. Every message is exactly one of linked, suggested, unlinked. Mail labelled `other` (job alerts, newsletters) is hidden unless `include_other` or `status=other`; `meta.hidden` counts it. `source` is gmail, hosted, imap or external (pushed).',
      query: InboxQuery,
      responses: { 200: { description: '`{ data: [message], meta: { total, limit, offset, hidden } }`', schema: INBOX_PAGE }, 400: 'unknown source, status or link value (the message lists the accepted ones)' },
    }, (_event, { caller, query }) =>
      pagedList(query, (limit, offset) => listInbox(db, caller.userId, filterOf(query), { limit, offset, body: query.body === true }), {
        maxLimit: query.body ? BODY_LIMIT : LIST_LIMIT,
        meta: (page) => ({ hidden: page.hidden }),
      }),
    ),
    op.post('/me/inbox/read-all', 'Mark the matching unread mail read', {
      description: 'The same filters as GET /me/inbox (query `source`, `status`, `link`, `q`); answers how many messages were marked.',
      query: v.object(FilterEntries),
      responses: { 200: { description: '`{ data: { marked } }`', schema: MARKED }, 400: 'unknown source, status or link value' },
    }, (_event, { caller, query }) => ({ data: { marked: markAllRead(db, caller.userId, filterOf(query), now()) } })),
    op.get('/me/emails/:id', 'One message, marked read', {
      description: `${BODY_DOC} The HTML body was reduced on arrival to the job-description allow-list (no images, scripts or styles), so showing it fetches nothing remote.`,
      params: IdParams,
      responses: { 200: { description: '`{ data: message }`', schema: EMAIL_BODY }, 404: 'no such message of the caller (also a non-integer id)' },
    }, (_event, { caller, params }) => ({ data: readMessage(db, caller.userId, messageId(params.id), now()) })),
    op.post('/me/emails', 'Push messages from a client’s own mailbox', {
      description: '`{ messages: [{ external_id, thread_id?, from_addr?, from_name?, subject?, body_text?, body_html?, received_at? }] }`, 1 to 100 (more is refused, not cut). Stored as source `external` in one transaction; a known `external_id` has its content refreshed (read, deleted and label kept). HTML is sanitised. Pushed mail is not classified here: label it with POST /me/emails/{id}/triage.',
      body: PushBody,
      responses: { 200: { description: '`{ data: { inserted, updated } }`', schema: PUSH_RESULT }, 400: 'no messages, more than 100, or a message without external_id (the error names its index)' },
    }, (_event, { caller, body }) => ({ data: pushMessages(db, caller.userId, body.messages, now()) })),
    op.post('/me/emails/:id/triage', 'Label a message (and optionally link it)', {
      description: `\`{ signal, slug?, confidence? (0–1) }\`. Sets the label; with \`slug\` also links the message (link_source \`agent\`). A linked message with a label records the employer's reply on the application's timeline and moves its stage forward by the tracker's rule (acknowledgement → applied, screening and assessment → screening, interview_invitation → interview, offer → offer; never backwards, never out of a closed stage); a rejection is recorded but moves nothing. With a confidence below ${ctx.config.mailTriageMinConfidence}% the label is kept and no card moves. ${BODY_DOC}`,
      params: IdParams,
      body: TriageBody,
      responses: { 200: { description: '`{ data: message }`', schema: EMAIL_BODY }, 400: 'signal outside the vocabulary, or confidence outside 0–1', 404: 'no such message, or job not found' },
    }, (_event, { caller, params, body }) => ({ data: triageMessage(db, caller.userId, messageId(params.id), body, jobIdOf, now(), ctx.config.mailTriageMinConfidence) })),
    op.post('/me/emails/:id/link', 'Link a message to a posting', {
      description: `\`{ slug }\`. A manual link (link_source \`manual\`); any suggestion is cleared; the posting is tracked and the message's label takes effect on it. ${BODY_DOC}`,
      params: IdParams,
      body: SlugBody,
      responses: { 200: { description: '`{ data: message }`', schema: EMAIL_BODY }, 400: 'slug required', 404: 'no such message, or job not found' },
    }, (_event, { caller, params, body }) => ({ data: linkMessage(db, caller.userId, messageId(params.id), body.slug, jobIdOf, now()) })),
    messageWrite('unread', 'Mark a message unread', 'Reading a message (GET /me/emails/{id}) marks it read; this puts it back among the unread.', (userId, id) => markUnread(db, userId, id, now())),
    messageWrite('unlink', 'Unlink a message', 'Clears the link; the label stays.', (userId, id) => unlinkMessage(db, userId, id, now())),
    messageWrite('confirm', 'Confirm a link suggestion', 'The suggested posting becomes the link (link_source `manual`). 404 when no suggestion is pending.', (userId, id) => confirmSuggestion(db, userId, id, now())),
    messageWrite('reject', 'Reject a link suggestion', 'Drops the suggestion. 404 when no suggestion is pending.', (userId, id) => rejectSuggestion(db, userId, id, now())),
    op.post('/me/emails/:id/application', 'This message is my application to a posting', {
      description: `\`{ slug }\`. Marks the posting applied at the message's \`received_at\` (an observed \`applied\` event of the mail's source) and links the message. 409 while a link suggestion waits for confirm or reject. ${BODY_DOC}`,
      params: IdParams,
      body: SlugBody,
      responses: { 200: { description: '`{ data: message }`', schema: EMAIL_BODY }, 400: 'slug required', 404: 'no such message, or job not found', 409: 'a link suggestion is pending' },
    }, (_event, { caller, params, body }) => ({ data: markAsApplication(db, caller.userId, messageId(params.id), body.slug, jobIdOf, now()) })),
    messageFiling('delete', 'Delete a message', 'A soft delete: the message leaves the inbox, and a later sync or delivery of the same message never brings it back. Restore undoes it.', 'no such live message of the caller', deleteMessage),
    messageFiling('restore', 'Restore a deleted message', 'Brings a deleted message back into the inbox with its label and link.', 'no such message of the caller', restoreMessage),
  ]
}
