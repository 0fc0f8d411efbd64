import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cvApp } from './cv-fixture.ts'

// CV PDFs through HTTP, checked by parsing them back with poppler (pdftotext, pdfinfo, pdftoppm):
// the text layer holds every section and non-Latin names, links are clickable, long CVs break
// across pages. A first-page screenshot of each template goes to test/artifacts/cv/.

function poppler(tool: string, args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${tool} is missing: install poppler-utils (.ci/run does)`)
    throw error
  }
}

const TEMPLATES = ['classic-ats', 'centered', 'modern-sans', 'timeline', 'compact', 'mono-tech', 'sidebar', 'portrait', 'headshot']
const NAME = 'Łukasz Weiß Жуков 王'
const document = {
  header: { full_name: NAME, email: 'lukasz@example.org', phone: '+49 30 1234', location: 'Berlin', links: ['https://github.com/lukasz'] },
  summary: 'Backend engineer who writes #hashes, *stars*, $dollars$ and [brackets] literally.',
  experience: [{ role: 'Senior Engineer', company: 'Acme', start: '2020', current: true, bullets: ['Cut API latency by 40%'], stack: ['Go', 'PostgreSQL'] }],
  education: [{ institution: 'TU Berlin', degree: 'MSc', field: 'Computer Science', start: '2014', end: '2016' }],
  skills: [{ group: 'Languages', items: ['Go', 'TypeScript'] }],
  languages: [{ name: 'German', level: 'C1' }],
  projects: [{ name: 'Tracer', link: 'https://tracer.example/demo', bullets: ['Link analytics'] }],
  certifications: [{ name: 'CKA', issuer: 'CNCF', year: 2022 }],
}

/** The PDF bytes of a CV, fetched through HTTP with the given headers. */
async function fetchPdf(app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> }, id: string, headers: Record<string, string>) {
  const response = await app.request(`/api/v1/me/cvs/${id}/pdf`, { headers })
  return { response, bytes: Buffer.from(await response.arrayBuffer()) }
}

test('every template renders a PDF whose text holds every section, the non-Latin name and clickable links', async () => {
  const { person, app } = await cvApp()
  const alice = await person()
  const { id } = (await alice.send('POST', '/me/cvs', {})).body.data
  const dir = mkdtempSync(join(tmpdir(), 'cv-pdf-'))
  const artifacts = join('test', 'artifacts', 'cv')
  mkdirSync(artifacts, { recursive: true })
  for (const template of TEMPLATES) {
    assert.equal((await alice.send('PUT', `/me/cvs/${id}`, { title: `CV ${template}`, template_id: template, document })).status, 200)
    const { response, bytes } = await fetchPdf(app, id, { cookie: alice.cookie })
    assert.equal(response.status, 200, template)
    assert.equal(response.headers.get('content-type'), 'application/pdf')
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-')
    const file = join(dir, `${template}.pdf`)
    writeFileSync(file, bytes)
    const text = poppler('pdftotext', ['-layout', file, '-'])
    for (const part of ['SUMMARY', 'EXPERIENCE', 'EDUCATION', 'SKILLS', 'LANGUAGES', 'PROJECTS', 'CERTIFICATIONS', 'Senior Engineer', 'TU Berlin', 'TypeScript', 'German', 'CKA', '#hashes, *stars*, $dollars$ and [brackets]']) {
      assert.ok(text.includes(part), `${template}: ${part} missing from the text layer`)
    }
    for (const word of NAME.split(' ')) assert.ok(text.includes(word), `${template}: ${word} missing`)
    const uris = [...bytes.toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1])
    for (const uri of ['mailto:lukasz@example.org', 'https://github.com/lukasz', 'https://tracer.example/demo']) assert.ok(uris.includes(uri), `${template}: no link to ${uri}`)
    poppler('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, join(artifacts, template)])
  }
  assert.deepEqual(readdirSync(artifacts).filter((f) => f.endsWith('.png')).sort(), TEMPLATES.map((t) => `${t}.png`).sort())
})

test('a long CV breaks across three pages; the PDF is private to its owner and readable by the owner’s key', async () => {
  const { person, app } = await cvApp()
  const alice = await person()
  const { id } = (await alice.send('POST', '/me/cvs', {})).body.data
  const long = { ...document, experience: Array.from({ length: 17 }, (_, i) => ({ role: `Engineer ${i + 1}`, company: `Company ${i + 1}`, start: `${2000 + i}`, end: `${2001 + i}`, bullets: Array.from({ length: 5 }, (_, b) => `Achievement ${b + 1} of role ${i + 1}, described in a full sentence so that it takes a line.`) })) }
  await alice.send('PUT', `/me/cvs/${id}`, { title: 'Long', template_id: 'classic-ats', document: long })
  const { response, bytes } = await fetchPdf(app, id, { authorization: `Bearer ${alice.key}` })
  assert.equal(response.status, 200)
  const file = join(mkdtempSync(join(tmpdir(), 'cv-pdf-')), 'long.pdf')
  writeFileSync(file, bytes)
  assert.match(poppler('pdfinfo', [file]), /^Pages:\s+3$/m)
  const pages = [1, 2, 3].map((page) => poppler('pdftotext', ['-f', String(page), '-l', String(page), file, '-']))
  assert.ok(pages[0].includes('Engineer 1') && pages[0].includes(NAME.split(' ')[0]), 'the header and the first roles are on page 1')
  assert.ok(pages[2].includes('CERTIFICATIONS'), 'the last section ends on page 3')
  assert.equal(pages.join('').split('Achievement 5 of role 17').length, 2, 'every bullet is there once')
  const bob = await person()
  assert.equal((await bob.send('GET', `/me/cvs/${id}/pdf`)).status, 404)
  assert.equal((await alice.send('GET', '/me/cvs/nope/pdf')).status, 404)
})
