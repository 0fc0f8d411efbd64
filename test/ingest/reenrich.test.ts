import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { ENRICHMENT_VERSION } from '../../src/ingest/enrich.ts'
import { reenrichPostings } from '../../src/ingest/reenrich.ts'

/**
 * Re-enriching postings written by older rules (issue 41): role clusters are keyed again, so two
 * jobs an old key merged become two cards, a cluster keyed by a board's job id is kept, and every
 * posting records where its derived values came from.
 */
const acme = { slug: 'acme', name: 'Acme' }
const old = { company: acme, seniority: null, employmentType: null, enrichmentVersion: 2 }
const oldKey = 'acme:sales-manager::'
const { db, call } = createTestApp({
  jobs: [
    fixtureJob({ ...old, title: 'Sales Manager, Enterprise', location: 'Chicago, IL', descriptionHtml: '<p>Salary $120,000 - $150,000. Salesforce.</p>', descriptionText: 'Salary $120,000 - $150,000. Salesforce.', clusterKey: oldKey }),
    fixtureJob({ ...old, title: 'Sales Manager, Public Sector', location: 'Washington, D.C.', clusterKey: oldKey }),
    fixtureJob({ ...old, title: 'Sales Manager, Enterprise - New York', location: 'New York, NY', clusterKey: oldKey }),
    fixtureJob({ ...old, title: 'Account Executive', location: 'Austin, TX', clusterKey: 'acme:job:greenhouse:77' }),
    fixtureJob({ ...old, title: 'Account Executive (EMEA)', location: 'London, UK', clusterKey: 'acme:job:greenhouse:77' }),
  ],
})
const slugs = db.prepare('SELECT public_slug FROM jobs ORDER BY id').pluck().all() as string[]
const written = reenrichPostings(db, new Date('2026-11-28T00:00:00.000Z'))

test('re-enrichment splits a cluster that merged two jobs and keeps the reposts of one job together', async () => {
  assert.equal(written, 5)
  const enterprise = (await call(`/api/v1/jobs/${slugs[0]}/copies`)).body
  assert.deepEqual(enterprise.data.map((j: { title: string }) => j.title), ['Sales Manager, Enterprise - New York'])
  assert.equal((await call(`/api/v1/jobs/${slugs[1]}/copies`)).body.meta.total, 0, 'Public Sector is a job of its own')
})

test("a cluster keyed by the board's job id is kept", async () => {
  const copies = (await call(`/api/v1/jobs/${slugs[3]}/copies`)).body
  assert.deepEqual(copies.data.map((j: { title: string }) => j.title), ['Account Executive (EMEA)'])
})

test('re-enriched postings carry the current version and the provenance of their derived values', async () => {
  const job = (await call(`/api/v1/jobs/${slugs[0]}`)).body.data
  assert.equal(job.enrichment_version, ENRICHMENT_VERSION)
  assert.equal(job.enrichment.provenance.salary, 'text')
  assert.equal(job.enrichment.provenance.countries, 'text')
  assert.deepEqual(job.countries, ['us'])
})
