import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig } from '../../src/config.ts'
import { openDatabase } from '../../src/db/connection.ts'
import { inProcessCaller } from '../helpers/app.ts'

/**
 * Issue 11, point 10: only http(s) links are stored on import. `openroles import` drops the others
 * (the field becomes null), says how many in its summary, and the API never serves them.
 */
const cli = join(import.meta.dirname, '../../src/cli.ts')

const lines = [
  { title: 'Go Engineer', company: { name: 'Evil Co', homepage: 'javascript:alert(document.cookie)' }, url: 'javascript:alert(1)', source: 'x', external_id: '1', description: 'Go.' },
  { title: 'Rust Engineer', company: { name: 'Data Co', homepage: ' JaVaScRiPt:alert(1)' }, url: 'data:text/html,<script>alert(1)</script>', source: 'x', external_id: '2', description: 'Rust.' },
  { title: 'Python Engineer', company: { name: 'Good Co', homepage: 'https://good.example' }, url: 'https://good.example/jobs/3', source: 'x', external_id: '3', description: 'Python.' },
]
const jsonLd = {
  '@context': 'https://schema.org',
  '@type': 'JobPosting',
  title: 'Data Engineer',
  hiringOrganization: { '@type': 'Organization', name: 'Ld Co', sameAs: 'vbscript:msgbox(1)' },
  datePosted: '2026-11-01',
  identifier: { '@type': 'PropertyValue', name: 'ld', value: 'L-1' },
  url: 'javascript:void(0)',
  description: '<p>Spark.</p>',
}

test('openroles import drops non-http(s) urls and homepages, counts them, and the API leaves the url out', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-urls-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, 'catalogue.db')
  openDatabase(path).close()
  writeFileSync(join(dir, 'jobs.jsonl'), lines.map((line) => JSON.stringify(line)).join('\n'))
  writeFileSync(join(dir, 'ld.json'), JSON.stringify(jsonLd))

  const run = spawnSync(process.execPath, ['--import', 'tsx', cli, 'import', join(dir, 'jobs.jsonl'), join(dir, 'ld.json')], {
    env: { ...process.env, OPENROLES_DB: path, LOG_LEVEL: 'error' },
    encoding: 'utf8',
  })
  assert.equal(run.status, 0, run.stderr)
  assert.match(run.stdout, /jobs\.jsonl: 3 records — 3 inserted[^\n]*\n {2}4 links dropped: not an http\(s\) URL/)
  assert.match(run.stdout, /ld\.json: 1 records — 1 inserted[^\n]*\n {2}2 links dropped/)

  const db = openDatabase(path)
  t.after(() => db.close())
  const ctx = createContext(defaultConfig(), db)
  t.after(() => ctx.close?.())
  const call = inProcessCaller(createApp(ctx))
  const served = await call('/api/v1/jobs/search?limit=50')
  assert.equal(served.body.data.length, 4)
  // An unknown Job field is omitted, not null (docs/public-api.md "Extensions and choices").
  const urls = served.body.data.map((job: { title: string; url?: string }) => [job.title, 'url' in job ? job.url : 'absent'])
  assert.deepEqual(Object.fromEntries(urls), { 'Go Engineer': 'absent', 'Rust Engineer': 'absent', 'Python Engineer': 'https://good.example/jobs/3', 'Data Engineer': 'absent' })
  for (const slug of ['evil-co', 'data-co', 'ld-co']) {
    const company = await call(`/api/v1/companies/${slug}`)
    assert.equal(company.status, 200, slug)
    assert.equal(company.body.data.company.company_info.homepage, null, slug)
  }
  assert.equal((await call('/api/v1/companies/good-co')).body.data.company.company_info.homepage, 'https://good.example')
  assert.doesNotMatch(JSON.stringify(served.body), /javascript:|data:text|vbscript:/i)
})
