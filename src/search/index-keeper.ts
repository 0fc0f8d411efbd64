/**
 * Keeps the in-memory index in step with the catalogue. The first use restores the saved snapshot
 * (or loads every open posting and saves one); later uses patch in what the change log names, or
 * rebuild when a large share of the catalogue changed. Applied log entries are pruned up to the
 * position the snapshot includes, so a restart can always patch from its snapshot.
 */
import type { DB } from '../db/connection.ts'
import { changeCount, changesSince, forgetChanges, forgetViewChanges, latestChange, latestViewChange, openJobsOfCompanies, viewChangesSince } from './change-log.ts'
import type { DocColumns } from './doc-columns.ts'
import { loadAllOpen, MULTI_FIELDS, patchJobs, SINGLE_FIELDS } from './index-load.ts'
import { readSnapshot, snapshotPath, writeSnapshot } from './index-snapshot.ts'
import { SearchIndex } from './search-index.ts'

/** Above this share of the catalogue an incremental patch costs more than a rebuild. */
const REBUILD_SHARE = 0.25
const MIN_REBUILD_CHANGES = 20000
/** The snapshot is rewritten once this many log entries accumulated after it. */
const SNAPSHOT_EVERY = 20000

export class IndexKeeper {
  private index: SearchIndex | undefined
  private applied = 0
  private appliedViews = 0
  private snapshotSeq = 0
  /** No snapshot for an in-memory database, or after writing one failed (e.g. a read-only directory). */
  private snapshotFile: string | undefined

  constructor(private readonly db: DB) {
    this.snapshotFile = db.memory ? undefined : snapshotPath(db.name)
  }

  /** The up-to-date index, and whether this call changed it (cached results are then stale). */
  current(): { index: SearchIndex; changed: boolean } {
    const latest = latestChange(this.db)
    if (this.index && latest <= this.applied) {
      this.applyViews()
      return { index: this.index, changed: false }
    }
    if (!this.index) this.start(latest)
    else if (this.tooManyChanges(this.applied, this.index.liveCount)) this.rebuild(latest)
    else this.patch(this.index, this.applied, latest)
    this.applied = latest
    if (this.snapshotFile && latest - this.snapshotSeq > SNAPSHOT_EVERY) this.save(this.index!.columns, latest)
    const upTo = this.snapshotFile ? this.snapshotSeq : latest
    if (upTo > 0) forgetChanges(this.db, upTo)
    this.applyViews()
    return { index: this.index!, changed: true }
  }

  /** New view counts only move the view_count order: the columns are updated in place, nothing else is invalidated. */
  private applyViews(): void {
    const latest = latestViewChange(this.db)
    if (latest <= this.appliedViews) return
    const { columns } = this.index!
    const viewCount = columns.number('view_count')
    for (const { id, viewCount: count } of viewChangesSince(this.db, this.appliedViews, latest)) {
      const doc = columns.docOf(id)
      if (doc !== undefined) viewCount[doc] = count
    }
    this.index!.dropSortPermutation('view_count')
    this.appliedViews = latest
    // With a snapshot, entries are kept until the next one, so a restart can replay them.
    if (!this.snapshotFile) forgetViewChanges(this.db, latest)
  }

  close(): void {
    this.index = undefined
  }

  private tooManyChanges(since: number, liveCount: number): boolean {
    return changeCount(this.db, since) > Math.max(MIN_REBUILD_CHANGES, liveCount * REBUILD_SHARE)
  }

  private start(latest: number): void {
    const saved = this.snapshotFile ? readSnapshot(this.db, this.snapshotFile, SINGLE_FIELDS, MULTI_FIELDS) : undefined
    if (saved && saved.seq <= latest && saved.viewSeq <= latestViewChange(this.db) && !this.tooManyChanges(saved.seq, saved.columns.docCount)) {
      this.snapshotSeq = saved.seq
      this.appliedViews = saved.viewSeq
      this.patch(new SearchIndex(saved.columns), saved.seq, latest)
    } else {
      this.rebuild(latest)
    }
  }

  private rebuild(latest: number): void {
    // Counts read below are at least this fresh; later view changes are applied from the log.
    this.appliedViews = latestViewChange(this.db)
    const columns = loadAllOpen(this.db)
    this.index = new SearchIndex(columns)
    if (this.snapshotFile) this.save(columns, latest)
  }

  /** Applies the logged changes to the columns of `current` and derives the next index from them. */
  private patch(current: SearchIndex, since: number, latest: number): void {
    if (latest <= since) {
      this.index = current
      return
    }
    const { jobIds, companies } = changesSince(this.db, since, latest)
    const changedCompanies = companies.filter((company) => current.companyDiffers(company)).map((company) => company.id)
    patchJobs(this.db, current.columns, [...new Set([...jobIds, ...openJobsOfCompanies(this.db, changedCompanies)])])
    this.index = new SearchIndex(current.columns)
  }

  private save(columns: DocColumns, seq: number): void {
    try {
      writeSnapshot(this.db, this.snapshotFile!, columns, seq, this.appliedViews)
      this.snapshotSeq = seq
      forgetViewChanges(this.db, this.appliedViews)
    } catch {
      // The snapshot only speeds up restarts; without a writable place, serve without one.
      this.snapshotFile = undefined
    }
  }
}
