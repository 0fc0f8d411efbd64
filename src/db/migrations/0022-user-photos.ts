import type { Migration } from './index.ts'
import { createFromSchema } from '../schema-objects.ts'

/** Profile photos (issue 17): the photo itself and the upload ledger of its hourly cap. New tables only, shaped as schema.sql declares them. */
export const userPhotos: Migration = {
  version: 22,
  name: 'user-photos',
  up(db) {
    createFromSchema(db, ['user_photos', 'photo_uploads'])
  },
}
