/**
 * Keeps the in-memory index in step with the catalogue. The first use restores the saved snapshot
 * (or loads every open posting); later uses patch in what the change log names, or rebuild when a
 * large share of the catalogue changed. The term index (term-index.ts) is read from FTS5 beside
 * it, on the worker threads when there are any, and follows the same patches through its overlay.
 *
 * Snapshots are written off the request path (scheduled, copied, written asynchronously). Applied
 * log entries are pruned up to the position the snapshot includes, less the window other processes
 * reading the same file may still need, so a restart can always patch from its snapshot; a reader
 * that finds entries pruned before it applied them rebuilds (change-log.ts). The log's position is AUTOINCREMENT's high-water mark, which pruning cannot
 * move back (change-log.ts).
 */
import type { DB } from '../db/connection.ts'
import { allViewCounts, changeCount, changesSince, forgetChanges, forgetViewChanges, latestChange, latestViewChange, missedChanges, missedViewChanges, openJobsOfCompanies, viewChangesSince } from './change-log.ts'
import type { DocColumns } from './doc-columns.ts'
import { FtsWorkers } from './fts-workers.ts'
import { loadAllOpen, MULTI_FIELDS, patchJobs, SINGLE_FIELDS } from './index-load.ts'
import { loadAllOpenOnThreads } from './index-load-threads.ts'
import { copySnapshot, readSnapshot, snapshotPath, snapshotUsable, writeSnapshot } from './index-snapshot.ts'
import { SearchIndex } from './search-index.ts'
import { buildTermIndex, buildTermIndexOnWorkers, currentTerms } from './term-build.ts'
import type { TermIndex } from './term-index.ts'
import { typoIndexOf } from './typo-index.ts'

/**
 * Loads the index of a database file with its term index and saves its snapshot beside the file
 * (what a start restores), then lets go: `openroles seed` and a first start call it once the
 * catalogue is written, so the first serving start restores instead of reading every posting.
 */
export async function saveIndexSnapshot(db: DB, workerCount: number): Promise<void> {
  if (db.memory) return
  const keeper = new IndexKeeper(db, workerCount)
  keeper.current()
  await keeper.termsReady()
  // close() waits for the save the term index scheduled.
  await keeper.close()
}

/** Above this share of the catalogue an incremental patch costs more than a rebuild. */
const REBUILD_SHARE = 0.25
const MIN_REBUILD_CHANGES = 20000
/** The snapshot is rewritten once this many log entries accumulated after it. */
const SNAPSHOT_EVERY = 20000
/** The term index is read again once this share of the documents changed since it was read. */
const TERMS_REREAD_SHARE = 0.1
const MIN_TERMS_REREAD = 50000

export class IndexKeeper {
  private index: SearchIndex | undefined
  /** The term index of the current columns; undefined while it is being read. */
  terms: TermIndex | undefined
  private applied = 0
  private appliedViews = 0
  private snapshotSeq = 0
  /** No snapshot for an in-memory database, or after writing one failed (e.g. a read-only directory). */
  private snapshotFile: string | undefined
  private workers: FtsWorkers | undefined
  /** The term index being read on the workers, and the postings patched meanwhile. */
  private termRead: { columns: DocColumns; changedJobs: Set<number>; done: Promise<void> } | undefined
  private saving: Promise<void> | undefined
  private saveAgain = false
  private closed = false

  constructor(private readonly db: DB, private readonly workerCount: number) {
    // A replica's file is read-only: no snapshot token can be kept in it, and pruning the log is the primary's work.
    this.snapshotFile = db.memory || db.readonly ? undefined : snapshotPath(db.name)
  }

  /** The up-to-date index, and whether this call changed it (cached results are then stale). */
  current(): { index: SearchIndex; changed: boolean } {
    const latest = latestChange(this.db)
    if (this.index && latest <= this.applied) {
      this.applyViews()
      return { index: this.index, changed: false }
    }
    if (!this.index) this.start(latest)
    else if (missedChanges(this.db, this.applied) || this.tooManyChanges(this.applied, this.index.liveCount)) this.rebuild(latest)
    else this.patch(this.index, this.applied, latest)
    this.applied = latest
    if (this.snapshotFile && latest - this.snapshotSeq > SNAPSHOT_EVERY) this.scheduleSave()
    const upTo = this.snapshotFile ? this.snapshotSeq : latest
    if (upTo > 0 && !this.db.readonly) forgetChanges(this.db, upTo)
    this.applyViews()
    return { index: this.index!, changed: true }
  }

  /** Resolves once the term index is read (at once when it is; the benchmark waits for it). */
  async termsReady(): Promise<void> {
    while (!this.terms && this.termRead) await this.termRead.done
  }

  /** New view counts only move the view_count order: the columns are updated in place, nothing else is invalidated. */
  private applyViews(): void {
    const latest = latestViewChange(this.db)
    if (latest <= this.appliedViews) return
    const { columns } = this.index!
    const viewCount = columns.number('view_count')
    const changed = missedViewChanges(this.db, this.appliedViews) ? allViewCounts(this.db) : viewChangesSince(this.db, this.appliedViews, latest)
    for (const { id, viewCount: count } of changed) {
      const doc = columns.docOf(id)
      if (doc !== undefined) viewCount[doc] = count
    }
    this.index!.dropSortPermutation('view_count')
    this.appliedViews = latest
    // With a snapshot, entries are kept until the next one, so a restart can replay them.
    if (!this.snapshotFile && !this.db.readonly) forgetViewChanges(this.db, latest)
  }

  /** Whether a first use would find a snapshot made for this file in this layout (its header only is read). */
  restorable(): boolean {
    return this.snapshotFile !== undefined && snapshotUsable(this.db, this.snapshotFile, SINGLE_FIELDS, MULTI_FIELDS)
  }

  /** Resolves once no snapshot is being written (one scheduled again meanwhile included). */
  async saved(): Promise<void> {
    while (this.saving) await this.saving
  }

  /** Finishes a snapshot being written, and stops reading terms. */
  async close(): Promise<void> {
    await this.saved()
    this.closed = true
    this.index = undefined
    this.terms = undefined
    const workers = this.workers
    this.workers = undefined
    await workers?.close()
    await this.termRead?.done
  }

  private tooManyChanges(since: number, liveCount: number): boolean {
    return changeCount(this.db, since) > Math.max(MIN_REBUILD_CHANGES, liveCount * REBUILD_SHARE)
  }

  private start(latest: number): void {
    const saved = this.snapshotFile ? readSnapshot(this.db, this.snapshotFile, SINGLE_FIELDS, MULTI_FIELDS) : undefined
    if (saved && saved.seq <= latest && saved.viewSeq <= latestViewChange(this.db) && !missedChanges(this.db, saved.seq) && !missedViewChanges(this.db, saved.viewSeq) && !this.tooManyChanges(saved.seq, saved.columns.docCount)) {
      this.snapshotSeq = saved.seq
      this.appliedViews = saved.viewSeq
      this.terms = saved.terms
      if (saved.terms) this.prepareTypos(saved.terms)
      else this.readTerms(saved.columns)
      this.patch(new SearchIndex(saved.columns, { saved: saved.parts }), saved.seq, latest)
    } else {
      this.rebuild(latest)
    }
  }

  private rebuild(latest: number): void {
    // Counts read below are at least this fresh; later view changes are applied from the log.
    this.appliedViews = latestViewChange(this.db)
    // A database file loads on the worker threads and this one, in id ranges side by side.
    const columns = this.db.memory || this.workerCount === 0 ? loadAllOpen(this.db) : loadAllOpenOnThreads(this.db, this.workerCount)
    this.index = new SearchIndex(columns)
    this.terms = undefined
    this.readTerms(columns)
    this.applied = latest
    if (this.snapshotFile) this.scheduleSave()
  }

  /** Builds the typo index of a new term dictionary after the current request, so no search waits for it. */
  private prepareTypos(terms: TermIndex): void {
    setImmediate(() => {
      if (!this.closed && this.terms === terms) typoIndexOf(terms)
    })
  }

  /** Reads the term index: in place for an in-memory database or without workers, else on the workers. */
  private readTerms(columns: DocColumns): void {
    const shape = { docOfJob: columns.docOfJob, docCount: columns.docCount, words: columns.live.length }
    if (this.db.memory || this.workerCount === 0) {
      this.terms = buildTermIndex(this.db, shape)
      this.prepareTypos(this.terms)
      return
    }
    this.workers ??= new FtsWorkers(this.db.name, this.workerCount)
    const workers = this.workers
    const read = { columns, changedJobs: new Set<number>(), done: Promise.resolve() }
    read.done = buildTermIndexOnWorkers(workers, { ...shape, docOfJob: shape.docOfJob.slice() }).then(
      (terms) => {
        if (this.closed || this.termRead !== read || this.index?.columns !== columns) return
        this.termRead = undefined
        // Idle workers hold a connection's page cache each: stopped until the next read.
        this.workers = undefined
        void workers.close()
        this.applyTermChanges(terms, columns, [...read.changedJobs])
        this.terms = terms
        this.prepareTypos(terms)
        if (this.snapshotFile) this.scheduleSave()
      },
      () => {
        // Workers stopped (close) or failed: search reads FTS5 per term meanwhile; the next rebuild tries again.
        if (this.termRead === read) this.termRead = undefined
      },
    )
    this.termRead = read
  }

  /** Gives changed postings their current words in the term index's overlay. */
  private applyTermChanges(terms: TermIndex, columns: DocColumns, jobIds: number[]): void {
    const words = currentTerms(this.db, jobIds)
    const changed: { doc: number; terms: string[] }[] = []
    for (const [jobId, list] of words) {
      const doc = columns.docOf(jobId)
      if (doc !== undefined) changed.push({ doc, terms: list })
    }
    terms.applyChanges(changed, columns.live.length)
  }

  /** Applies the logged changes to the columns of `current` and derives the next index from them. */
  private patch(current: SearchIndex, since: number, latest: number): void {
    if (latest <= since) {
      this.index = current
      return
    }
    const { jobIds, companies } = changesSince(this.db, since, latest)
    const changedCompanies = companies.filter((company) => current.companyDiffers(company)).map((company) => company.id)
    const changed = [...new Set([...jobIds, ...openJobsOfCompanies(this.db, changedCompanies)])]
    patchJobs(this.db, current.columns, changed)
    const touched = changed.flatMap((id) => current.columns.docOf(id) ?? [])
    this.index = new SearchIndex(current.columns, { previous: current, touched })
    if (this.termRead) for (const id of changed) this.termRead.changedJobs.add(id)
    if (this.terms) {
      this.applyTermChanges(this.terms, current.columns, changed)
      if (!this.termRead && this.terms.dirtyCount() > Math.max(MIN_TERMS_REREAD, current.columns.docCount * TERMS_REREAD_SHARE)) this.readTerms(current.columns)
    }
  }

  /** Writes a snapshot soon, after the current request: copied now-ish, written asynchronously. */
  private scheduleSave(): void {
    if (this.saving) {
      this.saveAgain = true
      return
    }
    this.saving = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        if (!this.index || !this.snapshotFile) return
        const copy = copySnapshot(this.index.columns, this.index.savedParts(), this.terms, this.applied, this.appliedViews)
        await writeSnapshot(this.db, this.snapshotFile, copy)
        this.snapshotSeq = Math.max(this.snapshotSeq, copy.header.seq)
        forgetViewChanges(this.db, copy.header.viewSeq)
      })
      .catch(() => {
        // The snapshot only speeds up restarts; without a writable place, serve without one.
        this.snapshotFile = undefined
      })
      .finally(() => {
        this.saving = undefined
        if (this.saveAgain && !this.closed) {
          this.saveAgain = false
          this.scheduleSave()
        }
      })
  }
}
