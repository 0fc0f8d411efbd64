import Database from 'better-sqlite3'
import { SELECT_ALL_OPEN, SCALARS } from './src/search/index-load.ts'
const db = new Database('/work/benchdata-fs/catalogue-1m.db', { readonly: true })
console.log(SCALARS.length, SCALARS.join(', '))
const R = ' AND j.id < 200000 ORDER BY j.id'
const sql = SELECT_ALL_OPEN.replace(' ORDER BY j.id', R)
const t = (label: string, f: () => void) => { const s = performance.now(); const c0 = process.cpuUsage(); f(); const c = process.cpuUsage(c0); console.log(label, (performance.now() - s).toFixed(0), 'ms wall', ((c.user + c.system) / 1000).toFixed(0), 'ms cpu') }
t('warm', () => { let n = 0; for (const r of db.prepare(sql).raw(true).iterate()) n++ })
t('full row, empty loop', () => { let n = 0; for (const r of db.prepare(sql).raw(true).iterate()) n++ })
t('full row, all()', () => { db.prepare(sql).raw(true).all() })
t('id only', () => { let n = 0; for (const r of db.prepare(`SELECT j.id FROM jobs j JOIN companies c ON c.id = j.company_id WHERE j.closed_at IS NULL ${R}`).raw(true).iterate()) n++ })
t('sqlite only count', () => { db.prepare(`SELECT count(*), sum(length(x)) FROM (${sql.replace('SELECT ', 'SELECT concat_ws(\',\', ').replace(' FROM jobs j', ') AS x FROM jobs j')})`).raw(true).get() })
t('concat one string per row', () => { let n = 0; for (const r of db.prepare(sql.replace('SELECT ', 'SELECT concat_ws(char(31), ').replace(' FROM jobs j', ') AS x FROM jobs j')).pluck().iterate()) n++ })
for (const [table, col] of [['job_skills', 'skill'], ['job_regions', 'region']]) {
  t(`${table} rows`, () => { let n = 0; for (const r of db.prepare(`SELECT job_id, ${col} FROM ${table} WHERE job_id < 200000 ORDER BY job_id`).raw(true).iterate()) n++ })
  t(`${table} all()`, () => { db.prepare(`SELECT job_id, ${col} FROM ${table} WHERE job_id < 200000 ORDER BY job_id`).raw(true).all() })
  t(`${table} group_concat per job`, () => { let n = 0; for (const r of db.prepare(`SELECT job_id, group_concat(${col}, char(31)) FROM ${table} WHERE job_id < 200000 GROUP BY job_id ORDER BY job_id`).raw(true).iterate()) n++ })
  t(`${table} one string`, () => { const s = db.prepare(`SELECT group_concat(job_id || char(30) || ${col}, char(31)) FROM ${table} WHERE job_id < 200000`).pluck().get() as string; s.split('\u001f').length })
}
