import * as v from 'valibot'
import type { H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { readMultipart } from '../multipart.ts'
import { dataOf, multipartBody, ref } from '../openapi-shapes.ts'
import { RESUME_EXAMPLE } from '../openapi-examples.ts'
import { jsonSchemaOf } from '../openapi-schema.ts'
import { readJsonBody, validateInput } from '../validate.ts'
import { badRequest, unsupportedType } from '../../errors.ts'
import { documentText, type ResumeSource } from '../../resume/document.ts'
import { deleteResume, replaceContactsFromCv, resumeMeta, storeResume, updateContacts } from '../../resume/store.ts'
import { resumeFacts } from '../../resume/extract.ts'
import { parseResume } from '../../resume/parse.ts'
import { importResumeIntoBank } from '../../experience/cv-import.ts'

const TextBody = v.object({ text: v.pipe(v.string('text must be a string'), v.trim(), v.minLength(1, 'missing resume text'), v.maxLength(100_000, 'text must be at most 100000 characters')) })
const UPLOAD = 'multipart/form-data with the file in the field `file` (a PDF or a DOCX, at most RESUME_MAX_BYTES, default 8 MB; the type is read from the bytes, not the name), or JSON `{ text }`'
const UPLOAD_BODY = multipartBody('The résumé: a PDF or a DOCX.', {}, jsonSchemaOf(TextBody))
const UPLOAD_ERRORS = {
  400: 'no file or text; an empty, encrypted, damaged or image-only (no text layer) file; a PDF using LZW, run-length or layered filters; a file taking longer than DOCUMENT_READ_TIMEOUT_MS to read',
  413: 'the file is over the size limit (cut off while streaming), or inflates past 32 MiB in one part or 64 MiB in all (a decompression bomb: counted while inflating, never from declared sizes)',
  415: 'neither multipart nor JSON, or a file that is neither a PDF nor a DOCX (e.g. a renamed executable)',
}
const META = '`{ enabled, present, uploaded_at, structured, structure_pending, parse_status?, parse_detail?, contacts? }`; `structured` is the parsed résumé `{ full_name?, headline?, location?, email?, phone?, summary?, total_years?, experience?[{title?, company?, location?, start?, end?, summary?, highlights?}], education?[{degree?, institution?, year?}], languages?, links?, skills? (skill slugs), certifications?, projects?[{name?, link?, highlights?}] }`'

/** The résumé of an upload or a pasted text; nothing is stored here. */
async function readResumeInput(event: H3Event, ctx: AppContext): Promise<{ source: ResumeSource; text: string }> {
  const type = event.req.headers.get('content-type') ?? ''
  if (/^multipart\/form-data/i.test(type)) {
    const form = await readMultipart(event, { fields: 4, fieldBytes: 1024, fileBytes: ctx.config.resumeMaxBytes, timeoutMs: ctx.config.bodyTimeoutMs }, 'file')
    if (!form.file) throw badRequest('missing resume file')
    return documentText(form.file, ctx.config.documentReadTimeoutMs)
  }
  if (/^application\/json/i.test(type)) {
    const { text } = validateInput(TextBody, await readJsonBody(event, ctx.config), 'body')
    return { source: 'text', text }
  }
  throw unsupportedType('send the résumé as multipart/form-data (field "file") or JSON {"text"}')
}

const ContactsBody = v.object({
  full_name: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200, 'full_name must be at most 200 characters')))),
  email: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(320, 'email must be at most 320 characters'), v.email('email is not an e-mail address')))),
  phone: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(64, 'phone must be at most 64 characters')))),
  location: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200, 'location must be at most 200 characters')))),
  links: v.optional(v.nullable(v.pipe(v.array(v.pipe(v.string(), v.trim(), v.maxLength(500, 'a link must be at most 500 characters'))), v.maxLength(20, 'at most 20 links')))),
})

const op = operations({ tags: ['resume'], auth: 'session' })

export function meResumeRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  return [
    op.get('/me/resume', 'Your stored résumé and its parse', {
      description: `Always 200: ${META}. \`present: false\` before an upload. Contacts you set yourself override the parsed ones. \`max_bytes\` is the largest file an upload may send (RESUME_MAX_BYTES), so a page can refuse a larger one before sending it.`,
      responses: { 200: { description: '`{ data: ResumeMeta & { max_bytes } }`', schema: dataOf(ref('ResumeMeta')), example: RESUME_EXAMPLE } },
    }, (_event, { caller }) => ({ data: { ...resumeMeta(db, caller.userId), max_bytes: ctx.config.resumeMaxBytes } })),
    op.put('/me/resume', 'Upload or replace your résumé', {
      description: `${UPLOAD}. The text is extracted and parsed at once, deterministically, into the structured résumé (\`parse_status: "ready"\`, or \`"failed"\` with \`parse_detail\` when no name or section heading is recognised; the text is stored either way). A ready parse also fills the experience bank (provenance \`cv_import\`) without duplicating claims already there. A refused file stores nothing. Answers ${META}.`,
      requestBody: UPLOAD_BODY,
      responses: { 200: { description: '`{ data: ResumeMeta }`', schema: dataOf(ref('ResumeMeta')) }, ...UPLOAD_ERRORS },
    }, async (event, { caller }) => {
      const input = await readResumeInput(event, ctx)
      return { data: storeResume(db, caller.userId, input, ctx.now(), (structured) => importResumeIntoBank(db, caller.userId, structured, ctx.now())) }
    }),
    op.delete('/me/resume', 'Delete your stored résumé', {
      description: 'Removes the résumé text and its parse (contacts you set yourself and the experience bank stay). 204, also when none was stored.',
      responses: { 204: 'deleted' },
    }, (_event, { caller }) => {
      deleteResume(db, caller.userId)
    }),
    op.post('/me/resume/extract', 'Read skills, categories and seniority from a résumé', {
      description: `${UPLOAD}. Answers \`{ skills: [skill slug], categories: [category], seniority? }\`, read deterministically with the same skill dictionary postings are enriched with. The résumé is also stored, as PUT /me/resume does.`,
      requestBody: UPLOAD_BODY,
      responses: { 200: { description: '`{ data: { skills, categories, seniority? } }`', schema: dataOf(ref('ResumeFacts')) }, ...UPLOAD_ERRORS },
    }, async (event, { caller }) => {
      const input = await readResumeInput(event, ctx)
      storeResume(db, caller.userId, input, ctx.now(), (structured) => importResumeIntoBank(db, caller.userId, structured, ctx.now()))
      const parsed = parseResume(input.text, ctx.now())
      return { data: resumeFacts(input.text, parsed.status === 'ready' ? parsed.structured : null) }
    }),
    op.put('/me/resume/contacts', 'Set your contact details', {
      description: 'JSON `{ full_name?, email?, phone?, location?, links? }` (at most 200/320/64/200 characters, 20 links of 500). Each field sent becomes yours and overrides what the résumé parse found; `null` hands a field back to the parse; fields left out are unchanged. Answers the contacts now served.',
      body: ContactsBody,
      responses: { 200: { description: '`{ data: Contacts }`', schema: dataOf(ref('Contacts')) }, 400: 'a field too long, not a string, or an invalid e-mail' },
    }, (_event, { caller, body }) => ({ data: updateContacts(db, caller.userId, body, ctx.now()) })),
    op.post('/me/resume/contacts/replace-from-cv', 'Reset your contact details to the résumé', {
      description: 'Replaces every contact field you set with what the current structured résumé says. Answers the contacts now served.',
      responses: { 200: { description: '`{ data: Contacts }`', schema: dataOf(ref('Contacts')) }, 409: 'no current structured résumé to copy contacts from' },
    }, (_event, { caller }) => ({ data: replaceContactsFromCv(db, caller.userId, ctx.now()) })),
  ]
}
