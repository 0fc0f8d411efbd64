import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestApp, inProcessCaller } from '../helpers/app.ts'
import { exportJobLines } from '../../src/ingest/export.ts'
import { importFile } from '../../src/ingest/import.ts'
import { openDatabase } from '../../src/db/connection.ts'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig } from '../../src/config.ts'

const company = { slug: 'northwind', name: 'Northwind Labs', tagline: 'Maps for ships', homepage: 'https://northwind.example', industries: ['logistics'], collections: ['european'] }

test('an export re-imports into an empty catalogue as the same postings, companies and closings', async () => {
  // The original catalogue comes through the importer too, so both sides are enriched alike.
  const dir = mkdtempSync(join(tmpdir(), 'openroles-export-'))
  const original = join(dir, 'original.jsonl')
  writeFileSync(original, [
    { title: 'Senior Go Engineer', company, source: 'acme-ats', external_id: 'go-1', url: 'https://northwind.example/jobs/1', location: 'Berlin, Germany', description: '<p>Go, <b>PostgreSQL</b> and Kubernetes.</p>' },
    { title: 'Data Analyst', company, source: 'acme-ats', external_id: 'da-2', url: 'https://northwind.example/jobs/2', location: 'Remote', description: '<p>SQL and dashboards.</p>', closed_at: '2026-11-10T00:00:00.000Z' },
  ].map((line) => JSON.stringify(line)).join('\n') + '\n')
  const { db, get } = createTestApp()
  assert.deepEqual(importFile(db, original).rejected, [])
  const lines = [...exportJobLines(db)]
  assert.equal(lines.length, 2)
  assert.equal([...exportJobLines(db, { openOnly: true })].length, 1)
  const file = join(dir, 'export.jsonl')
  writeFileSync(file, lines.join('\n') + '\n')

  const fresh = openDatabase(':memory:')
  const summary = importFile(fresh, file)
  assert.deepEqual(summary.rejected, [])
  const ctx = createContext(defaultConfig(), fresh)
  const call = inProcessCaller(createApp(ctx))
  for (const line of lines) {
    const slug = JSON.parse(line).public_slug as string
    const [before, after] = [await get(`/api/v1/jobs/${slug}`), await call(`/api/v1/jobs/${slug}`)]
    assert.equal(after.status, 200, `${slug} re-imported under the same slug`)
    for (const field of ['title', 'company', 'company_slug', 'location', 'description', 'skills', 'countries', 'work_mode', 'closed_at', 'source', 'external_id']) {
      assert.deepEqual(after.body.data[field], before.body.data[field], field)
    }
  }
  const companyAfter = await call('/api/v1/companies/northwind')
  assert.equal(companyAfter.body.data.company.tagline, 'Maps for ships')
  assert.deepEqual(companyAfter.body.data.company.collections, ['european'])
  assert.equal((await call('/api/v1/jobs/search?q=analyst')).body.meta.total, 0, 'the closed posting stays closed')
  const again = importFile(fresh, file)
  assert.equal(again.inserted, 0, 'importing the export twice adds nothing')
  await ctx.close?.()
})
