import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { resolve } from 'node:path'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/connection.ts'
import { type CommandSpec, dbOption } from './command.ts'
import { exportJobLines } from '../ingest/export.ts'

/** `openroles export [--out FILE] [--open]`: the catalogue as re-importable JSON Lines. */
export const exportCommand: CommandSpec = {
  name: 'export',
  summary: 'Write every posting as JSON Lines in the import shape (re-importable with openroles import).',
  options: {
    out: { type: 'string', short: 'o', value: 'FILE', help: 'write here instead of standard output' },
    open: { type: 'boolean', help: 'only open postings (default: closed ones too, with closed_at)' },
    db: dbOption,
  },
  async run({ values }) {
    const db = openDatabase(resolve((values.db as string | undefined) ?? loadConfig().dbPath), { readonly: false })
    const out = values.out ? createWriteStream(resolve(values.out as string)) : process.stdout
    let count = 0
    try {
      for (const line of exportJobLines(db, { openOnly: Boolean(values.open) })) {
        if (!out.write(line + '\n')) await once(out, 'drain')
        count++
      }
    } finally {
      db.close()
    }
    if (out !== process.stdout) {
      out.end()
      await once(out, 'finish')
      console.error(`exported ${count} postings to ${resolve(values.out as string)}`)
    }
  },
}
