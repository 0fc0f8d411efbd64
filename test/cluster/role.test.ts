import { test } from 'node:test'
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { defaultConfig } from '../../src/config.ts'
import { openDatabase } from '../../src/db/connection.ts'
import { latestVersion } from '../../src/db/migrate.ts'
import { openReplicaDatabase, primaryUrlOf, serveRole } from '../../src/cluster/role.ts'
import { filePosition, reached } from '../../src/search/position.ts'
import { createLogger } from '../../src/log.ts'
import { tempDir } from '../helpers/temp.ts'

/** Issue 43: how a process learns it is a replica, and how a replica opens its file. */
const log = createLogger('silent')

/** A file stamped with schema version `version` and nothing else of the schema. */
function stampedFile(path: string, version: number): void {
  const db = new Database(path)
  db.exec('CREATE TABLE t (x)')
  db.pragma(`user_version = ${version}`)
  db.close()
}

test('a replica refuses a file newer than its build at once', async (t) => {
  const path = join(tempDir(t, 'newer'), 'catalogue.db')
  stampedFile(path, latestVersion() + 1)
  await assert.rejects(openReplicaDatabase(path, defaultConfig({ replicaSchemaWaitSeconds: 60 }), log), /newer than this build.*upgrade openroles on the replica/)
})

test('a replica waits for an older file to be migrated, and refuses it when the wait runs out', async (t) => {
  const path = join(tempDir(t, 'older'), 'catalogue.db')
  stampedFile(path, latestVersion() - 1)
  await assert.rejects(openReplicaDatabase(path, defaultConfig({ replicaSchemaWaitSeconds: 1 }), log), /older than this build.*upgrade the primary first/)
})

test('a replica waits for the primary to create the file, then opens it read-only', async (t) => {
  const path = join(tempDir(t, 'created'), 'catalogue.db')
  const opening = openReplicaDatabase(path, defaultConfig({ replicaSchemaWaitSeconds: 60 }), log)
  // The primary creates and migrates it meanwhile.
  openDatabase(path).close()
  const db = await opening
  t.after(() => db.close())
  assert.equal(db.readonly, true)
  assert.equal(db.pragma('user_version', { simple: true }), latestVersion())
  assert.throws(() => db.prepare("INSERT INTO catalogue_meta (key, value) VALUES ('x', 'y')").run(), { code: 'SQLITE_READONLY' })
})

test('SERVE_ROLE names the role; auto follows LiteFS’s .primary file, which also names the primary', (t) => {
  const dir = tempDir(t, 'role')
  const path = join(dir, 'catalogue.db')
  assert.equal(serveRole(defaultConfig(), path), 'standalone')
  assert.equal(serveRole(defaultConfig({ serveRole: 'Replica' }), path), 'replica')
  assert.throws(() => serveRole(defaultConfig({ serveRole: 'reader' }), path), /SERVE_ROLE must be one of/)
  assert.equal(serveRole(defaultConfig({ serveRole: 'auto' }), path), 'primary')
  assert.throws(() => primaryUrlOf(defaultConfig(), path), /needs PRIMARY_URL/)
  writeFileSync(join(dir, '.primary'), 'node-a\n')
  assert.equal(serveRole(defaultConfig({ serveRole: 'auto' }), path), 'replica')
  assert.equal(primaryUrlOf(defaultConfig({ port: 8080 }), path), 'http://node-a:8080')
  assert.equal(primaryUrlOf(defaultConfig({ primaryUrl: 'http://10.0.0.5:9000/ignored' }), path), 'http://10.0.0.5:9000')
  assert.throws(() => primaryUrlOf(defaultConfig({ primaryUrl: 'file:///etc/passwd' }), path), /http\(s\) URL/)
})

test('a position is LiteFS’s transaction id when LiteFS replicates the file, else the change log’s head', (t) => {
  const path = join(tempDir(t, 'position'), 'catalogue.db')
  const db = openDatabase(path)
  t.after(() => db.close())
  assert.match(filePosition(db), /^log:\d+$/)
  writeFileSync(`${path}-pos`, '00000000000000ff/ce552e44f23fbbdd\n')
  assert.equal(filePosition(db), 'litefs:255')
  assert.equal(reached('litefs:255', 'litefs:255'), true)
  assert.equal(reached('litefs:255', 'litefs:256'), false)
  // Another kind, or anything else a caller sends, never holds a read back.
  assert.equal(reached('litefs:255', 'log:999'), true)
  assert.equal(reached('litefs:255', 'litefs:1e9'), true)
})
