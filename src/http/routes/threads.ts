import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { dataOf, object, ref } from '../openapi-shapes.ts'
import { created, operations, type Route } from '../route.ts'
import { intParam } from '../validate.ts'
import { addReply, BODY_MAX_RUNES, closeThread, countThreads, createThread, getThread, listThreads, PAGE_SIZE, recentThreads, SUBJECT_TYPES, TITLE_MAX_RUNES } from '../../community/threads.ts'
import { requireText } from '../../community/text-rules.ts'
import { threadCount, threadPage, threadWithReplies } from '../openapi-shapes-community.ts'

const SubjectType = v.pipe(v.picklist(SUBJECT_TYPES, 'unsupported subject type'), v.description('`company` or `job`'))
const SubjectSlug = v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(300), v.description('company slug or job public_slug'))
const Cursor = v.optional(v.pipe(v.string(), v.maxLength(100), v.description('`meta.next_cursor` of the previous page')))
const IdParams = v.object({ id: intParam({ min: 1, description: 'thread id' }) })

const timestamp = { type: 'string', format: 'date-time' }
const threadSchema = object({
  id: { type: 'integer' },
  subject_type: { type: 'string', enum: [...SUBJECT_TYPES] },
  subject_slug: { type: 'string' },
  title: { type: 'string' },
  body: { type: 'string', description: 'plain text' },
  author: { type: 'string', description: 'a pseudonym, or [deleted]' },
  reply_count: { type: 'integer', minimum: 0 },
  status: { type: 'string', enum: ['open', 'closed'] },
  created_at: timestamp,
})

const THREAD_SHAPE = '`{ id, subject_type, subject_slug, title, body, author, reply_count, status, created_at }`'
const REPLY_SHAPE = '`{ id, thread_id, parent_id (0 = top level), author, body, created_at }`'

const op = operations({ tags: ['community'], auth: 'public' })

export function threadRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  return [
    op.get('/threads', 'Open discussion threads of a company or posting', {
      description: `Newest first, ${PAGE_SIZE} per page; follow \`meta.next_cursor\` (absent on the last page). Each thread is ${THREAD_SHAPE}; \`author\` is a pseudonym. No total.`,
      budget: 'read',
      query: v.object({ subject_type: SubjectType, subject_slug: SubjectSlug, cursor: Cursor }),
      responses: { 200: { description: '`{ data: [Thread], meta: { next_cursor? } }`', schema: threadPage }, 400: 'unsupported subject type or invalid cursor' },
    }, (_event, { query }) => {
      const page = listThreads(db, query.subject_type, query.subject_slug, query.cursor)
      return { data: page.items, meta: page.nextCursor ? { next_cursor: page.nextCursor } : {} }
    }),
    op.get('/threads/recent', 'The newest open threads across every company and posting', {
      description: `Newest first, \`limit\` of them (1 to 50, default 10), each ${THREAD_SHAPE} plus \`subject_name\` (the company's name or the posting's title; null when it is gone). Closed threads are left out.`,
      budget: 'read',
      query: v.object({ limit: v.optional(intParam({ min: 1, max: 50, description: 'threads returned, 1 to 50 (default 10)' })) }),
      responses: {
        200: { description: '`{ data: [Thread & { subject_name }], meta: { limit } }`', schema: object({ data: { type: 'array', items: { ...threadSchema, required: [...(threadSchema.required as string[]), 'subject_name'], properties: { ...(threadSchema.properties as object), subject_name: { type: ['string', 'null'] } } } }, meta: object({ limit: { type: 'integer' } }) }) },
        400: 'limit out of range',
      },
    }, (_event, { query }) => {
      const limit = query.limit ?? 10
      return { data: recentThreads(db, limit), meta: { limit } }
    }),
    op.get('/threads/count', 'How many open threads a company or posting has', {
      budget: 'read',
      query: v.object({ subject_type: SubjectType, subject_slug: SubjectSlug }),
      responses: { 200: { description: '`{ data: { count } }`', schema: threadCount }, 400: 'unsupported subject type' },
    }, (_event, { query }) => ({ data: { count: countThreads(db, query.subject_type, query.subject_slug) } })),
    op.get('/threads/:id', 'A thread with its replies, oldest first', {
      description: `Closed threads stay readable here. Replies (${REPLY_SHAPE}) come ${PAGE_SIZE} per page; nest them by \`parent_id\`.`,
      budget: 'read',
      params: IdParams,
      query: v.object({ cursor: Cursor }),
      responses: { 200: { description: '`{ data: { thread, replies: [Reply] }, meta: { next_cursor? } }`', schema: threadWithReplies }, 400: 'invalid cursor', 404: 'thread not found' },
    }, (_event, { params, query }) => {
      const page = getThread(db, params.id, query.cursor)
      return { data: { thread: page.thread, replies: page.replies }, meta: page.nextCursor ? { next_cursor: page.nextCursor } : {} }
    }),
    op.post('/threads', 'Start a thread about a company or posting', {
      description: `\`title\` (at most ${TITLE_MAX_RUNES} characters) and \`body\` (at most ${BODY_MAX_RUNES}) are plain text, stored as given. Capped per rolling 24 hours (THREADS_PER_DAY, default 10).`,
      auth: 'session',
      body: v.object({
        subject_type: SubjectType,
        subject_slug: SubjectSlug,
        title: v.optional(v.string('title must be a string'), ''),
        body: v.optional(v.string('body must be a string'), ''),
      }),
      responses: { 201: { description: '`{ data: Thread }`', schema: dataOf(ref('Thread')) }, 400: 'unsupported subject type', 404: 'subject not found', 422: 'title or body empty or too long', 429: 'too many threads in 24 hours (Retry-After)' },
    }, (event, { body, caller }) => {
      const title = requireText(body.title, 'title', TITLE_MAX_RUNES)
      const text = requireText(body.body, 'body', BODY_MAX_RUNES)
      return created(event, createThread(db, caller.userId, { subjectType: body.subject_type, subjectSlug: body.subject_slug, title, body: text }, { now: ctx.now(), perDay: ctx.config.threadsPerDay }))
    }),
    op.post('/threads/:id/replies', 'Reply to a thread', {
      description: `\`parent_reply_id\` nests the reply under another reply of the same thread (omit or 0 for top level). Plain text, at most ${BODY_MAX_RUNES} characters. Capped per rolling hour (REPLIES_PER_HOUR, default 30).`,
      auth: 'session',
      params: IdParams,
      body: v.object({
        body: v.optional(v.string('body must be a string'), ''),
        parent_reply_id: v.optional(v.pipe(v.number('parent_reply_id must be a number'), v.integer('parent_reply_id must be a whole number'), v.minValue(0, 'parent_reply_id must be positive'))),
      }),
      responses: { 201: { description: '`{ data: Reply }`', schema: dataOf(ref('Reply')) }, 404: 'thread or parent reply not found', 409: 'thread is closed', 422: 'empty or too long body', 429: 'too many replies in an hour (Retry-After)' },
    }, (event, { params, body, caller }) => {
      const text = requireText(body.body, 'body', BODY_MAX_RUNES)
      return created(event, addReply(db, caller.userId, params.id, { body: text, parentId: body.parent_reply_id }, { now: ctx.now(), perHour: ctx.config.repliesPerHour }))
    }),
    op.post('/threads/:id/close', 'Close a thread (moderators)', {
      description: 'Closed threads leave listings and counts and refuse replies (409); they stay readable by id. There is no reopening.',
      auth: 'session-moderator',
      params: IdParams,
      responses: { 200: { description: '`{ data: { id, status: "closed" } }`', schema: dataOf(object({ id: { type: 'integer', minimum: 1 }, status: { type: 'string', const: 'closed' } })) }, 403: 'not a moderator', 404: 'thread not found' },
    }, (_event, { params }) => ({ data: closeThread(db, params.id, ctx.now()) })),
  ]
}
