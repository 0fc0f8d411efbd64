import { openDatabase } from './src/db/connection.ts'
import { currentCompanyStats } from './src/catalogue/company-stats.ts'
import { settleRollup } from './src/insights/rollup.ts'
const db = openDatabase('/work/benchdata-fs/catalogue-1m.db')
const t = (label: string, f: () => unknown) => { const s = performance.now(); const c0 = process.cpuUsage(); const r = f(); const c = process.cpuUsage(c0); console.log(label, JSON.stringify(r), (performance.now() - s).toFixed(0), 'ms wall', ((c.user + c.system) / 1000).toFixed(0), 'ms cpu') }
db.prepare("DELETE FROM catalogue_meta WHERE key = 'company_stats_generation'").run()
t('company stats, all companies', () => currentCompanyStats(db))
db.exec(`INSERT OR IGNORE INTO insight_pending (day) SELECT DISTINCT substr(created_at, 1, 10) FROM jobs WHERE created_at IS NOT NULL UNION SELECT DISTINCT substr(closed_at, 1, 10) FROM jobs WHERE closed_at IS NOT NULL`)
console.log(db.prepare('select count(*) from insight_pending').pluck().get())
t('rollup backfill', () => settleRollup(db, new Date(), { salaryMinSample: 5 }))
