import Database from 'better-sqlite3'
const [from, to] = process.argv.slice(2)
const db = new Database(from, { readonly: true })
const started = Date.now()
await db.backup(to)
db.close()
console.log(`copied ${from} -> ${to} in ${((Date.now() - started) / 1000).toFixed(0)} s`)
