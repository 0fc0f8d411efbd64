import type { DB } from '../connection.ts'
import { derivedRefreshPending } from './0002-derived-refresh-pending.ts'
import { referenceCompat } from './0003-reference-compat.ts'
import { trackerMigration } from './0004-tracker.ts'
import { community } from './0005-community.ts'
import { insightRollup } from './0006-insight-rollup.ts'
import { boardSources } from './0007-board-sources.ts'
import { reenrichPostingsV2 } from './0008-reenrich-postings.ts'
import { savedSearchFeeds } from './0009-saved-search-feeds.ts'
import { referrals } from './0010-referrals.ts'
import { channels } from './0011-channels.ts'
import { resume } from './0012-resume.ts'
import { cvs } from './0013-cvs.ts'
import { matchAssistant } from './0015-match-assistant.ts'
import { leases } from './0016-leases.ts'
import { inbox } from './0017-inbox.ts'
import { roleClusterKeys } from './0019-role-cluster-keys.ts'
import { userPhotos } from './0022-user-photos.ts'
import { sharedProcessState } from './0023-shared-process-state.ts'
import { enrichmentProvenance } from './0025-enrichment-provenance.ts'
import { listsWebhooks } from './0028-lists-webhooks.ts'
import { enrichmentVersionIndex } from './0029-enrichment-version-index.ts'

/**
 * The ordered schema migrations. Release 1 (schema version 1) is the baseline: a database file made
 * by any release upgrades in place by applying, in order, every step above its `user_version`.
 * A fresh database is created from schema.sql (the readable picture of the current model) and
 * stamped with the latest version; test/db/migrations.test.ts proves both paths give one schema.
 *
 * Adding a step: make the change in schema.sql (new columns at the end of their table, as ALTER
 * TABLE appends them), then write `NNNN-name.ts` exporting a Migration whose `version` is the next
 * number and list it below. A step takes new tables from schema.sql (`createFromSchema`, or
 * `rebuildTable` to change a constraint) and adds columns with `addColumns` (../schema-objects.ts):
 * an earlier step may already have created a table in its newest shape.
 */
export interface Migration {
  version: number
  name: string
  /** Runs inside one transaction with the version stamp; throwing leaves the file as it was. */
  up(db: DB): void
  /**
   * Set when the step rebuilds a table (create new, copy, drop old, rename): foreign keys are then
   * switched off around the transaction and checked before it commits, as SQLite's ALTER TABLE
   * guide prescribes.
   */
  rebuildsTables?: boolean
}

export const migrations: Migration[] = [derivedRefreshPending, referenceCompat, trackerMigration, community, insightRollup, boardSources, reenrichPostingsV2, savedSearchFeeds, referrals, channels, resume, cvs, matchAssistant, leases, inbox, roleClusterKeys, userPhotos, sharedProcessState, enrichmentProvenance, listsWebhooks, enrichmentVersionIndex]
