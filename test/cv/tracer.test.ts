import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cvApp } from './cv-fixture.ts'
import { fixtureJob } from '../helpers/app.ts'

// Tracer links through HTTP: 409 without a visitor salt, traced URLs in the PDF, and the public
// redirect's counting (owner, bots, HEAD, prefetch, distinct visitors), never an open redirect.

const document = { header: { full_name: 'Alice', links: ['https://github.com/alice'] }, projects: [{ name: 'Demo', link: 'https://demo.example/x' }] }
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'
const SALT = { cvVisitorSalt: 'test-salt', trustProxy: true }

async function tracedCv(config = SALT) {
  const { person, app, call, db } = await cvApp(config, [fixtureJob({ publicSlug: 'go-dev', company: { slug: 'acme', name: 'Acme' } })])
  const alice = await person()
  await alice.send('PUT', '/me/profile', { headline: 'Engineer' })
  const run = (await alice.send('POST', '/me/cvs/tailor', { job_slug: 'go-dev' })).body.data
  await alice.send('PUT', `/me/cvs/${run.tailor_cv_id}`, { title: 'CV', template_id: 'classic-ats', document })
  return { alice, app, call, db, id: run.tailor_cv_id as string, person }
}

test('tracing needs a visitor salt; turning it off is never refused', async () => {
  const { alice, id } = await tracedCv({ cvVisitorSalt: '', trustProxy: true })
  const on = await alice.send('PUT', `/me/cvs/${id}/tracer-links`, { enabled: true })
  assert.equal(on.status, 409)
  assert.equal(on.body.error, 'link tracing is not configured on this deployment')
  assert.deepEqual((await alice.send('PUT', `/me/cvs/${id}/tracer-links`, { enabled: false })).body.data, { tracer_links_enabled: false })
  const links = (await alice.send('GET', `/me/cvs/${id}/tracer-links`)).body.data
  assert.equal(links.length, 2)
  assert.equal(links[0].distinct_visitors, undefined, 'no distinct visitors without a salt')
})

test('the PDF links to traced URLs and the redirect counts people, not the owner or bots', async () => {
  const { alice, app, call, id } = await tracedCv()
  assert.deepEqual((await alice.send('PUT', `/me/cvs/${id}/tracer-links`, { enabled: true })).body.data, { tracer_links_enabled: true })
  assert.equal((await alice.send('GET', `/me/cvs/${id}`)).body.data.tracer_links_enabled, true)
  const links = (await alice.send('GET', `/me/cvs/${id}/tracer-links`)).body.data
  assert.deepEqual(links.map((l: { source_path: string; destination_url: string }) => [l.source_path, l.destination_url]), [['header.links[0]', 'https://github.com/alice'], ['projects[0].link', 'https://demo.example/x']])
  const traced = links[0].traced_url as string
  assert.match(traced, /^http:\/\/localhost\/cv\/acme-[a-z0-9]{5}$/)

  const pdf = Buffer.from(await (await app.request(`/api/v1/me/cvs/${id}/pdf`, { headers: { cookie: alice.cookie, 'x-forwarded-for': '192.0.2.99' } })).arrayBuffer())
  const uris = [...pdf.toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1])
  assert.ok(uris.includes(traced) && uris.includes(links[1].traced_url), 'the PDF points at the traced URLs')
  assert.ok(!uris.includes('https://github.com/alice'))
  const file = join(mkdtempSync(join(tmpdir(), 'cv-tracer-')), 'cv.pdf')
  writeFileSync(file, pdf)
  assert.match(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }), /github\.com\/alice/, 'the reader still sees the real link text')

  const path = new URL(traced).pathname
  const visit = (headers: Record<string, string>, method = 'GET') => call(path, { method, headers, redirect: 'manual' })
  const first = await visit({ 'user-agent': BROWSER, 'x-forwarded-for': '203.0.113.7' })
  assert.equal(first.status, 302)
  assert.equal(first.headers.get('location'), 'https://github.com/alice')
  await visit({ 'user-agent': BROWSER, 'x-forwarded-for': '203.0.113.7' })
  await visit({ 'user-agent': BROWSER, 'x-forwarded-for': '198.51.100.9' })
  await visit({ 'user-agent': 'LinkedInBot/1.0 (compatible; Mozilla/5.0)', 'x-forwarded-for': '198.51.100.10' })
  await visit({ 'user-agent': 'Slackbot-LinkExpanding 1.0', 'x-forwarded-for': '198.51.100.11' })
  await visit({ 'user-agent': 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)', 'x-forwarded-for': '198.51.100.12' })
  await visit({ 'user-agent': BROWSER, purpose: 'prefetch', 'x-forwarded-for': '198.51.100.13' })
  await visit({ 'user-agent': BROWSER, 'x-forwarded-for': '198.51.100.14' }, 'HEAD')
  await visit({ 'user-agent': BROWSER, cookie: alice.cookie, 'x-forwarded-for': '192.0.2.50' })
  await visit({ 'user-agent': BROWSER, 'x-forwarded-for': '192.0.2.99' }) // not signed in, but from the address the owner fetched the PDF from

  const after = (await alice.send('GET', `/me/cvs/${id}/tracer-links`)).body.data[0]
  assert.equal(after.clicks, 3, 'three human clicks')
  assert.equal(after.distinct_visitors, 2, 'from two address + browser pairs')
  assert.equal(after.bot_clicks, 5, 'LinkedIn, Slack, Gmail’s proxy, a prefetch and a HEAD')
  assert.match(after.last_click_at, /^\d{4}-\d{2}-\d{2}T/)

  assert.equal((await visit({ 'user-agent': BROWSER })).headers.get('location'), 'https://github.com/alice')
  const unknown = await call('/cv/acme-zzzzz?to=https://evil.example', { redirect: 'manual' })
  assert.equal(unknown.status, 404, 'an unknown token goes nowhere')
  assert.equal((await call(`${path}?url=https://evil.example`, { redirect: 'manual', headers: { 'user-agent': BROWSER } })).headers.get('location'), 'https://github.com/alice', 'query parameters never choose the destination')
})
