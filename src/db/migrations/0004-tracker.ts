import type { Migration } from './index.ts'
import { createFromSchema } from '../schema-objects.ts'

/**
 * Version 4: the job seeker's tracker (applications, timeline events, interviews), pasted vacancies,
 * handed-in links, captured application forms, plans and the allowance ledger; users gain timezone
 * and language.
 */
export const trackerMigration: Migration = {
  version: 4,
  name: 'tracker',
  up(db) {
    db.exec(`ALTER TABLE users ADD COLUMN timezone TEXT`)
    db.exec(`ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en'`)
    createFromSchema(db, ['applications', 'application_events', 'interviews', 'private_jobs', 'contributions', 'apply_forms', 'user_plans', 'plan_ledger'])
  },
}
