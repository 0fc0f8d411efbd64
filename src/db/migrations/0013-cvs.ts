import type { Migration } from './index.ts'
import { createFromSchema } from '../schema-objects.ts'

/** CVs, their revision log and tracer links (issue 17, docs/cv.md). Tables shaped as schema.sql declares them. */
export const cvs: Migration = {
  version: 13,
  name: 'cvs',
  up(db) {
    createFromSchema(db, ['cvs', 'cv_revisions', 'cv_tracer_links', 'cv_link_visitors', 'cv_owner_addresses'])
  },
}
