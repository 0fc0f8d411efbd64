import type { Migration } from './index.ts'
import { createFromSchema } from '../schema-objects.ts'

/**
 * Résumé and experience bank (issue 16): the stored résumé text with its structured parse, the
 * contact fields the caller owns, and the bank's employments and atoms. New tables only, shaped as
 * schema.sql declares them.
 */
export const resume: Migration = {
  version: 12,
  name: 'resume',
  up(db) {
    createFromSchema(db, ['resumes', 'resume_contacts', 'experience_employments', 'experience_atoms'])
  },
}
