import { resolve } from 'node:path'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/connection.ts'
import { type CommandSpec, dbOption } from './command.ts'
import { importFile, ImportStopped, type ImportSummary } from '../ingest/import.ts'
import { createProgress } from '../ingest/progress.ts'
import { settleRollup } from '../insights/rollup.ts'

const MAX_LISTED_REJECTIONS = 50

function report(file: string, summary: ImportSummary): void {
  const unreadable = summary.total === 0 && summary.rejected[0]?.at === 'file'
  if (unreadable) return console.log(`${file}: not imported — ${summary.rejected[0]!.reason}`)
  console.log(`${file}: ${summary.total} records — ${summary.inserted} inserted, ${summary.updated} updated, ${summary.closed} closed, ${summary.rejected.length} rejected`)
  if (summary.droppedUrls) console.log(`  ${summary.droppedUrls} link${summary.droppedUrls === 1 ? '' : 's'} dropped: not an http(s) URL`)
  for (const { at, reason } of summary.rejected.slice(0, MAX_LISTED_REJECTIONS)) console.log(`  rejected ${at}: ${reason}`)
  if (summary.rejected.length > MAX_LISTED_REJECTIONS) console.log(`  … and ${summary.rejected.length - MAX_LISTED_REJECTIONS} more`)
}

/** `openroles import FILE...`: loads JSON Lines or schema.org JobPosting JSON-LD into the catalogue. */
export const importCommand: CommandSpec = {
  name: 'import',
  summary: 'Import postings from JSON Lines (our Job shape, e.g. an export) or schema.org JobPosting JSON-LD files.',
  positionals: { usage: 'FILE...', min: 1, max: Infinity },
  options: { db: dbOption },
  run({ values, positionals }) {
    const config = loadConfig()
    const path = resolve((values.db as string | undefined) ?? config.dbPath)
    const db = openDatabase(path)
    let rejected = 0
    try {
      for (const file of positionals) {
        const progress = createProgress(`importing ${file}`, null)
        let summary: ImportSummary
        try {
          summary = importFile(db, file, { onProgress: (done) => progress.update(done) })
        } catch (error) {
          if (!(error instanceof ImportStopped)) throw error
          progress.done()
          report(file, error.summary)
          console.log(`${file}: stopped after ${error.summary.total} records (the batch after them was not written): ${error.reason}. Free some space and run the import again: records already imported are updated, not duplicated.`)
          process.exitCode = 1
          return
        }
        progress.done()
        report(file, summary)
        rejected += summary.rejected.length
      }
      // The insights history takes in what this import changed, here rather than in the serving process.
      settleRollup(db, new Date(), { salaryMinSample: config.insightsSalaryMinSample })
    } finally {
      db.close()
    }
    if (rejected) process.exitCode = 1
  },
}
