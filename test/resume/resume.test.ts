import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp, TEST_ORIGIN } from '../helpers/auth.ts'
import { flatePdf, linesPdf, makeDocx, makePdf, makeZip, twoColumnPdf } from './files.ts'

const CV = [
  'Jane Doe',
  'Senior Backend Engineer',
  'Berlin, Germany | jane@example.com | +49 30 1234567 | linkedin.com/in/janedoe',
  'Experience',
  'Senior Backend Engineer — Acme GmbH | 03/2019 – present',
  '• Built payment APIs in Go serving 2M requests per day',
  'Software Engineer at Stripe',
  'Jan 2015 - Feb 2019',
  '• Wrote Ruby services',
  'Education',
  'M.Sc. Computer Science, TU Berlin, 2014',
  'Skills',
  'Go, PostgreSQL, Kubernetes',
  'Languages',
  'English (C1), German (native)',
]

function upload(bytes: Buffer, name = 'cv.pdf'): FormData {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  return form
}

/** A browser's same-origin form post: fetch sets the multipart content type with its boundary. */
const formHeaders = (cookie: string) => ({ cookie, origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' })

async function setup() {
  const app = createTestApp()
  const user = await signUp(app.call)
  const put = (body: FormData | string, headers: Record<string, string> = {}) =>
    app.call('/api/v1/me/resume', { method: 'PUT', headers: typeof body === 'string' ? sessionHeaders(user.cookie, headers) : formHeaders(user.cookie), body })
  const get = () => app.call('/api/v1/me/resume', { headers: sessionHeaders(user.cookie) })
  return { ...app, user, put, get }
}

test('résumé: a PDF upload is parsed into the structured résumé and served back', async () => {
  const { put, get } = await setup()
  assert.deepEqual((await get()).body.data, { enabled: true, present: false, uploaded_at: null, structured: null, structure_pending: false, max_bytes: 8 * 1024 * 1024 })
  const stored = await put(upload(linesPdf(CV)))
  assert.equal(stored.status, 200)
  const data = (await get()).body.data
  assert.equal(data.present, true)
  assert.equal(data.parse_status, 'ready')
  const s = data.structured
  assert.equal(s.full_name, 'Jane Doe')
  assert.equal(s.headline, 'Senior Backend Engineer')
  assert.equal(s.email, 'jane@example.com')
  assert.equal(s.phone, '+49 30 1234567')
  assert.equal(s.location, 'Berlin, Germany')
  assert.deepEqual(s.experience.map((e: any) => [e.title, e.company, e.start, e.end]), [
    ['Senior Backend Engineer', 'Acme GmbH', '2019-03', 'present'],
    ['Software Engineer', 'Stripe', '2015-01', '2019-02'],
  ])
  assert.deepEqual(s.experience[0].highlights, ['Built payment APIs in Go serving 2M requests per day'])
  assert.deepEqual(s.education, [{ degree: 'M.Sc. Computer Science', institution: 'TU Berlin', year: '2014' }])
  assert.deepEqual(s.skills, ['go', 'postgresql', 'kubernetes'])
  assert.deepEqual(s.languages, ['English (C1)', 'German (native)'])
  assert.deepEqual(data.contacts.links, ['https://linkedin.com/in/janedoe'])
})

test('résumé: DOCX, two-column PDF and pasted text (German headings, European dates) parse alike', async () => {
  const { put } = await setup()
  const docx = await put(upload(makeDocx(CV), 'cv.bin'))
  assert.equal(docx.status, 200)
  assert.equal(docx.body.data.structured.experience[1].company, 'Stripe')
  const twoColumns = await put(upload(twoColumnPdf(['Kontakt', 'jane@example.com', '+49 30 1234567', 'Kenntnisse', 'Go', 'Kubernetes', 'Sprachen', 'Deutsch (Muttersprache)'], ['Jane Doe', 'Backend-Entwickler', 'Berufserfahrung', 'Backend-Entwickler — Acme GmbH', '01.2020 – heute', '• Entwickelte APIs in Go', 'Ausbildung', 'B.Sc. Informatik, Universität Hamburg, 2019'])))
  const s = twoColumns.body.data.structured
  assert.equal(s.full_name, 'Jane Doe')
  assert.deepEqual([s.experience[0].title, s.experience[0].company, s.experience[0].start, s.experience[0].end], ['Backend-Entwickler', 'Acme GmbH', '2020-01', 'present'])
  assert.deepEqual(s.skills, ['go', 'kubernetes'])
  assert.deepEqual(s.languages, ['Deutsch (Muttersprache)'])
  assert.equal(s.education[0].institution, 'Universität Hamburg')
  const text = await put(JSON.stringify({ text: 'Marie Curie\nExpérience professionnelle\nIngénieure logiciel, Doctolib SAS, Paris\njanvier 2018 - mars 2021\n- Développé des services Python\nCompétences\nPython, Django' }))
  assert.equal(text.status, 200)
  assert.deepEqual(text.body.data.structured.experience[0].start, '2018-01')
  assert.deepEqual(text.body.data.structured.skills, ['python', 'django'])
})

test('résumé: a text with no name and no headings is stored with parse_status failed', async () => {
  const { put } = await setup()
  const res = await put(JSON.stringify({ text: '12345 67890 just numbers 2020 and @@@ nothing else to read here' }))
  assert.equal(res.status, 200)
  assert.equal(res.body.data.present, true)
  assert.equal(res.body.data.parse_status, 'failed')
  assert.equal(res.body.data.structured, null)
  assert.match(res.body.data.parse_detail, /no name and no section/)
})

test('résumé: hostile and broken files are refused with a clear 4xx and store nothing', async () => {
  const { put, get, ctx } = await setup()
  const cases: [string, FormData, number, RegExp][] = [
    ['empty', upload(Buffer.alloc(0)), 400, /empty/],
    ['renamed executable', upload(Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200)]), 'cv.pdf'), 415, /PDF or a DOCX/],
    ['encrypted PDF', upload(makePdf([[{ x: 50, y: 700, text: 'Jane Doe' }]], { encrypt: true })), 400, /encrypted/],
    ['image-only PDF', upload(makePdf([[]], { imageOnly: true })), 400, /couldn't read any text/],
    ['zip bomb', upload(makeZip([{ name: 'word/document.xml', data: Buffer.alloc(2 * 1024 * 1024) }])), 413, /zip bomb/],
    ['zip that is no Word file', upload(makeZip([{ name: 'a.txt', data: Buffer.from('hello') }])), 415, /not a Word document/],
    ['truncated PDF', upload(Buffer.from('%PDF-1.4\n1 0 obj <<>> garbage')), 400, /invalid PDF/],
    ['no file', new FormData(), 400, /missing resume file/],
  ]
  for (const [name, form, status, message] of cases) {
    const res = await put(form)
    assert.equal(res.status, status, name)
    assert.match(res.body.error, message, name)
  }
  const big = await put(upload(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(ctx.config.resumeMaxBytes + 10)])))
  assert.equal(big.status, 413)
  assert.equal((await put('{"text": 5}')).status, 400)
  assert.equal((await put('hello', { 'content-type': 'text/plain' })).status, 415)
  assert.equal((await get()).body.data.present, false)
})

test('résumé: decompression bombs are judged by what they inflate to, not what they declare (413), and nothing is stored', async () => {
  const { put, get } = await setup()
  const MiB = 1024 * 1024
  const docx = makeDocx(CV.slice(0, 3))
  const padded = Buffer.concat([Buffer.from('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'), Buffer.alloc(40 * MiB, 0x20), Buffer.from('</w:body></w:document>')])
  const lying = makeZip([{ name: 'word/document.xml', data: padded, declaredSize: 900 * 1024 }])
  const manyParts = makeZip([
    { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
    ...[1, 2, 3, 4].map((n) => ({ name: `word/media/part${n}.bin`, data: Buffer.alloc(20 * MiB), declaredSize: 100 * 1024 })),
  ])
  const cases: [string, Buffer, number, RegExp][] = [
    ['word/document.xml declaring 900 KB that inflates to 40 MiB', lying, 413, /decompression bomb/],
    ['four entries of 20 MiB declaring 100 KB each', manyParts, 413, /decompression bomb/],
    ['a PDF whose content stream inflates to 40 MiB', flatePdf('Jane Doe, Senior Backend Engineer', 40 * MiB), 413, /decompression bomb/],
  ]
  for (const [name, bytes, status, message] of cases) {
    assert.ok(bytes.length < 200 * 1024, `${name}: ${bytes.length} bytes on the wire`)
    const res = await put(upload(bytes))
    assert.equal(res.status, status, name)
    assert.match(res.body.error, message, name)
  }
  assert.equal((await get()).body.data.present, false)
  const fine = await put(upload(flatePdf('Jane Doe, Senior Backend Engineer in Berlin', 1024)))
  assert.equal(fine.status, 200, 'a compressed PDF within the limits reads')
  assert.equal((await put(upload(docx, 'cv.docx'))).status, 200)
})

test('résumé: reading a file is bounded in time (DOCUMENT_READ_TIMEOUT_MS): past it, a 400 and nothing stored', async () => {
  const app = createTestApp({ config: { documentReadTimeoutMs: 1 } })
  const user = await signUp(app.call)
  // Many pages: a one-page file can be read within the millisecond by a worker earlier tests warmed.
  const long = linesPdf(Array.from({ length: 60 }, () => CV).flat())
  const res = await app.call('/api/v1/me/resume', { method: 'PUT', headers: formHeaders(user.cookie), body: upload(long) })
  assert.equal(res.status, 400)
  assert.match(res.body.error, /took longer than 0.001 s to read/)
  assert.equal((await app.call('/api/v1/me/resume', { headers: sessionHeaders(user.cookie) })).body.data.present, false)
})

test('résumé: extract answers skills, categories, seniority; auth is cookie only; DELETE removes it', async () => {
  const { call, user, get } = await setup()
  const extract = await call('/api/v1/me/resume/extract', { method: 'POST', headers: formHeaders(user.cookie), body: upload(linesPdf(CV)) })
  assert.equal(extract.status, 200)
  assert.deepEqual(extract.body.data.skills.slice(0, 3), ['go', 'postgresql', 'kubernetes'])
  assert.ok(extract.body.data.skills.includes('ruby'))
  assert.ok(extract.body.data.categories.includes('backend'), JSON.stringify(extract.body.data.categories))
  assert.equal(extract.body.data.seniority, 'senior')
  assert.equal((await get()).body.data.present, true)
  const key = await createApiKey(call, user.cookie)
  assert.equal((await call('/api/v1/me/resume', { headers: bearerHeaders(key) })).status, 401)
  assert.equal((await call('/api/v1/me/resume')).status, 401)
  const removed = await call('/api/v1/me/resume', { method: 'DELETE', headers: sessionHeaders(user.cookie) })
  assert.equal(removed.status, 204)
  assert.equal((await get()).body.data.present, false)
})

test('résumé contacts: owned fields override the parse; replace-from-cv resets; 409 without a parse', async () => {
  const { call, user, put } = await setup()
  const contacts = (body: unknown) => call('/api/v1/me/resume/contacts', { method: 'PUT', headers: sessionHeaders(user.cookie, { 'content-type': 'application/json' }), body: JSON.stringify(body) })
  const replace = () => call('/api/v1/me/resume/contacts/replace-from-cv', { method: 'POST', headers: sessionHeaders(user.cookie) })
  assert.equal((await replace()).status, 409)
  await put(upload(linesPdf(CV)))
  const owned = await contacts({ phone: '+1 555 0100', email: 'me@jane.dev' })
  assert.equal(owned.status, 200)
  assert.equal(owned.body.data.phone, '+1 555 0100')
  assert.equal(owned.body.data.full_name, 'Jane Doe')
  assert.equal((await contacts({ email: 'not-an-email' })).status, 400)
  assert.equal((await contacts({ phone: 'x'.repeat(65) })).status, 400)
  const released = await contacts({ phone: null })
  assert.equal(released.body.data.phone, '+49 30 1234567')
  assert.equal(released.body.data.email, 'me@jane.dev')
  const reset = await replace()
  assert.equal(reset.status, 200)
  assert.equal(reset.body.data.email, 'jane@example.com')
})

test('résumé: DELETE /me erases the résumé, owned contacts and the experience bank', async () => {
  const { call, user, put, db } = await setup()
  await put(upload(linesPdf(CV)))
  await call('/api/v1/me/resume/contacts', { method: 'PUT', headers: sessionHeaders(user.cookie), body: JSON.stringify({ phone: '+1 555 0100' }) })
  await call('/api/v1/me/experience/atoms', { method: 'POST', headers: sessionHeaders(user.cookie), body: JSON.stringify({ claim: 'Mentored two engineers' }) })
  const tables = ['resumes', 'resume_contacts', 'experience_employments', 'experience_atoms']
  const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`).get(user.userId) as { n: number }).n
  for (const table of tables) assert.ok(count(table) > 0, table)
  assert.equal((await call('/api/v1/me', { method: 'DELETE', headers: sessionHeaders(user.cookie) })).status, 204)
  for (const table of tables) assert.equal(count(table), 0, table)
})
