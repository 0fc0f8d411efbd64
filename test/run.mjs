// Runs every test/**/*.test.ts through tsx with node's test runner (Node 20 does not expand the glob itself).
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

function findTests(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'artifacts' ? [] : findTests(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  })
}

const only = process.argv.slice(2)
const files = only.length ? only : findTests('test').sort()
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], { stdio: 'inherit' })
process.exit(result.status ?? 1)
