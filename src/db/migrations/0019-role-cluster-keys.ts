import type { Migration } from './index.ts'

/**
 * Role clusters keyed by company, role, seniority and employment type (src/ingest/enrich.ts
 * clusterKeyOf), where they were keyed by company and role only: a junior and a senior opening were
 * one "role". The new key refines the old one, so no title is read again: each old cluster splits
 * by the (seniority, employment type) of its postings. The largest part keeps the cluster's row
 * (its key renamed), every other part gets a new row and only its postings are rewritten, so a
 * catalogue whose clusters do not split costs one key update per cluster. The postings are read
 * from two covering indexes, never from the table rows. The search index's snapshot format changed
 * with this release, so the next start loads the new clusters.
 */
export const roleClusterKeys: Migration = {
  version: 19,
  name: 'role-cluster-keys',
  up(db) {
    const clusterOf = new Map<number, number>()
    for (const [id, cluster] of db.prepare('SELECT id, cluster_id FROM jobs INDEXED BY jobs_cluster WHERE cluster_id IS NOT NULL').raw(true).iterate() as IterableIterator<[number, number]>) {
      clusterOf.set(id, cluster)
    }
    // Per old cluster: its parts by "seniority:employment type", each with its postings.
    const parts = new Map<number, Map<string, number[]>>()
    const facts = db.prepare('SELECT id, seniority, employment_type FROM jobs INDEXED BY jobs_search_load').raw(true)
    for (const [id, seniority, employment] of facts.iterate() as IterableIterator<[number, string | null, string | null]>) {
      const cluster = clusterOf.get(id)
      if (cluster === undefined) continue
      const suffix = `${seniority ?? ''}:${employment ?? ''}`
      let byPart = parts.get(cluster)
      if (!byPart) parts.set(cluster, (byPart = new Map()))
      const jobs = byPart.get(suffix)
      if (jobs) jobs.push(id)
      else byPart.set(suffix, [id])
    }
    const keys = new Map(db.prepare('SELECT id, cluster_key FROM role_clusters').raw(true).all() as [number, string][])
    const rename = db.prepare('UPDATE role_clusters SET cluster_key = ? WHERE id = ?')
    const add = db.prepare('INSERT INTO role_clusters (cluster_key) VALUES (?) RETURNING id').pluck()
    const move = db.prepare('UPDATE jobs SET cluster_id = ? WHERE id = ?')
    for (const [cluster, byPart] of parts) {
      const key = keys.get(cluster)!
      const [kept, ...split] = [...byPart].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))
      rename.run(`${key}:${kept![0]}`, cluster)
      for (const [suffix, jobs] of split) {
        const next = add.get(`${key}:${suffix}`) as number
        for (const id of jobs) move.run(next, id)
      }
    }
  },
}
