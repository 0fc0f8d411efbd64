import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The project root: the nearest folder above this module holding schema.sql (works from src/ and dist/). */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    if (existsSync(join(dir, 'schema.sql'))) return dir
    const parent = dirname(dir)
    if (parent === dir) throw new Error('openroles: schema.sql not found above ' + fileURLToPath(import.meta.url))
    dir = parent
  }
}

export const projectRoot = findProjectRoot()
export const schemaPath = join(projectRoot, 'schema.sql')
export const dataDir = join(projectRoot, 'data')
export const dataFile = (name: string) => join(dataDir, name)
