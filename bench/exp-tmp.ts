import { copyFileSync, rmSync } from 'node:fs'
import { openDatabase } from '../src/db/connection.ts'
import { settleRollup } from '../src/insights/rollup.ts'
for (const mode of (process.env.MODES ?? 'cache,plain').split(',')) {
  const path = `/tmp/exp-${mode}.db`
  for (const s of ['', '-wal', '-shm']) rmSync(path + s, { force: true })
  copyFileSync('/work/wt/search/bench/data/catalogue-100k.db', path)
  const db = openDatabase(path)
  if (mode === 'cache') db.pragma('cache_size = -262144')
  const t = performance.now()
  const r = settleRollup(db, new Date(), { salaryMinSample: 5 })
  console.log(mode, r, Math.round(performance.now() - t), 'ms')
  db.close()
  for (const s of ['', '-wal', '-shm']) rmSync(path + s, { force: true })
}
