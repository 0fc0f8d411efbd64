import { test } from 'node:test'
import assert from 'node:assert/strict'
import { migrate } from '../../src/db/migrate.ts'
import { createTestApp, fixtureJob } from '../helpers/app.ts'

const acme = { slug: 'acme', name: 'Acme' }

test('migration 19 splits each role cluster by seniority and employment type, keeping the largest part in place', async () => {
  // A file of version 18: clusters keyed by company and role only.
  const old = 'acme:backend-engineer'
  const { db, get } = createTestApp({
    jobs: [
      fixtureJob({ company: acme, title: 'Senior Backend Engineer - Berlin', seniority: 'senior', clusterKey: old, externalId: 's-berlin' }),
      fixtureJob({ company: acme, title: 'Senior Backend Engineer - Paris', seniority: 'senior', clusterKey: old, externalId: 's-paris' }),
      fixtureJob({ company: acme, title: 'Junior Backend Engineer', seniority: 'junior', clusterKey: old, externalId: 'j-berlin' }),
      fixtureJob({ company: acme, title: 'Backend Engineer (contract)', seniority: 'senior', employmentType: 'contract', clusterKey: old, externalId: 'contract' }),
    ],
  })
  const clusterOf = (externalId: string) => db.prepare('SELECT cluster_id FROM jobs WHERE external_id = ?').pluck().get(externalId) as number
  const before = clusterOf('s-berlin')
  db.pragma('user_version = 18')
  migrate(db)
  assert.equal(clusterOf('s-berlin'), before, 'the largest part keeps the cluster row')
  assert.equal(clusterOf('s-paris'), before)
  assert.notEqual(clusterOf('j-berlin'), before)
  assert.notEqual(clusterOf('contract'), before)
  assert.notEqual(clusterOf('contract'), clusterOf('j-berlin'))
  const key = (externalId: string) => db.prepare('SELECT cluster_key FROM role_clusters r JOIN jobs j ON j.cluster_id = r.id WHERE j.external_id = ?').pluck().get(externalId)
  assert.equal(key('s-berlin'), `${old}:senior:`)
  assert.equal(key('j-berlin'), `${old}:junior:`)
  assert.equal(key('contract'), `${old}:senior:contract`)
  // /copies follows the new clusters.
  const slug = db.prepare("SELECT public_slug FROM jobs WHERE external_id = 's-berlin'").pluck().get() as string
  const copies = await get(`/api/v1/jobs/${slug}/copies`)
  assert.deepEqual(copies.body.data.map((job: { title: string }) => job.title), ['Senior Backend Engineer - Paris'])
})
