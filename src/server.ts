import { existsSync, renameSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { listen } from 'listhen'
import { toNodeHandler } from 'h3'
import { loadConfig, type Config } from './config.ts'
import { intOption, type CommandSpec, valueOption } from './cli/command.ts'
import { openDatabase } from './db/connection.ts'
import { createApp } from './app.ts'
import { createContext } from './services.ts'
import { seedCatalogue } from './ingest/seed.ts'
import { createProgress } from './ingest/progress.ts'
import { carryStartFiles, saveStartFiles, startFiles } from './catalogue/catalogue-memory.ts'
import { createLogger, type Logger } from './log.ts'
import { createServer, type Server } from 'node:http'
import { clusterListenTurn, clusterOpened, clusterOpenTurn, isClusterWorker, processCount, startPrimary } from './cluster/primary.ts'
import { prepareSmallCatalogue } from './derived-prep.ts'
import { openReplicaDatabase, serveRole } from './cluster/role.ts'

/** How often a serving process follows the change log without waiting for a request. */
const FOLLOW_MS = 1000

/**
 * First start: generate the seeded catalogue into a side file and move it into place only when it
 * is complete, so an interrupted first start never leaves a half-seeded database behind.
 */
async function seedMissingDatabase(dbPath: string, config: Config, log: Logger): Promise<void> {
  const partial = `${dbPath}.partial`
  for (const path of [partial, `${partial}-wal`, `${partial}-shm`, ...startFiles(partial)]) rmSync(path, { force: true })
  log.info('no database yet: generating the seeded catalogue (first start only)', { path: dbPath, jobs: config.seedJobs })
  const started = Date.now()
  const db = openDatabase(partial)
  // The same path as `openroles seed`, with its progress in the log every few seconds.
  const progress = createProgress('first start: seeding', config.seedJobs, { out: { write: (line) => log.info(line.trim()) }, every: 5000 })
  seedCatalogue(db, { jobs: config.seedJobs, seed: config.seedRandom, onProgress: (done, total, stage) => progress.update(done, stage, total) })
  progress.done()
  // Saved beside the side file (and moved with it), so the serving processes read them back.
  await saveStartFiles(db, config.searchWorkers)
  db.close()
  carryStartFiles(partial, dbPath)
  renameSync(partial, dbPath)
  log.info('seeded catalogue ready', { ms: Date.now() - started })
}

/**
 * config -> open (and on first start, seed) the database -> build the app -> listen; SIGTERM/SIGINT
 * close cleanly. With more than one serving process (SERVE_PROCESSES; the default 0 = one per core)
 * this is the cluster's primary, which prepares the file and forks the serving processes
 * (src/cluster/primary.ts), each of which comes back here.
 */
export async function startServer(config: Config): Promise<void> {
  const dbPath = resolve(config.dbPath)
  const log = createLogger(config.logLevel)
  // Before seeding or loading, which can take seconds to minutes: a port in use is found at once.
  if (!isClusterWorker()) await assertPortFree(config)
  // A replica writes nothing, at start-up neither: the primary creates, seeds and migrates the file.
  const replica = serveRole(config, dbPath) === 'replica'
  const prepare = async () => {
    if (replica) return
    if (!existsSync(dbPath)) await seedMissingDatabase(dbPath, config, log)
    // Opening migrates; a small catalogue's missing derived data is built here, once.
    const db = openDatabase(dbPath, { log })
    prepareSmallCatalogue(db, { now: new Date(), salaryMinSample: config.insightsSalaryMinSample, log })
    db.close()
  }
  // The primary closes the file again before any worker opens it.
  if (processCount(config) > 1 && !isClusterWorker()) return startPrimary(config, log, prepare)
  if (!isClusterWorker()) await prepare()
  if (isClusterWorker()) await clusterOpenTurn()
  const db = replica ? await openReplicaDatabase(dbPath, config, log) : openDatabase(dbPath, { log })
  const ctx = createContext(config, db)
  // A file without a snapshot a start can restore (an upgrade that changed its layout, a file
  // copied in alone) is indexed by the first serving process alone; the next ones open it once the
  // snapshot is saved and restore it (two processes loading a million postings from SQL side by
  // side took 52 s). Else the next one opens as soon as this one has.
  const indexing = isClusterWorker() && !replica && !ctx.search.restorable()
  if (indexing) log.info('no search index saved for this file: this serving process indexes it, the others restore it after')
  else if (isClusterWorker()) clusterOpened()
  // Ready means ready: the index restored (or loaded), its term index read, every part a request
  // would build on first use built, before this process accepts a request (/readyz, src/http/ops.ts).
  const warming = Date.now()
  await ctx.search.ready()
  ctx.catalogue.warm()
  ctx.log.info('search index in memory', { ms: Date.now() - warming, postings: ctx.search.size() })
  if (indexing) {
    await ctx.search.saved()
    await ctx.catalogue.saved()
    clusterOpened()
  }
  // Follow what other processes (the cluster's others, an import, a replica's writer) change, so a
  // write elsewhere shows in this process's results without waiting for a request here.
  const follow = setInterval(() => {
    try {
      ctx.search.refresh()
    } catch (error) {
      ctx.log.error('following the change log failed', { error: String(error) })
    }
  }, FOLLOW_MS)
  follow.unref()
  const app = createApp(ctx)
  // In a cluster this process waits for the others to be in memory; a change followed meanwhile is warmed too.
  if (isClusterWorker()) await clusterListenTurn().then(() => ctx.search.warmNow())
  const listener = isClusterWorker() ? await listenShared(toNodeHandler(app), config) : await listen(toNodeHandler(app), {
    port: config.port,
    hostname: config.host,
    showURL: false,
    qr: false,
    isProd: true,
    autoClose: false,
  })
  boundRequestTime(listener.server, config)
  // Company stats never built and the insights rollup's pending history (a first start, an upgrade)
  // are built beside serving on a worker thread; what needs them says so meanwhile (503, /status).
  // On a replica the primary builds them; the replica reads them once replicated.
  if (!replica) ctx.preparing.start(db, { now: ctx.now(), salaryMinSample: config.insightsSalaryMinSample, log: ctx.log })
  const origin = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`
  ctx.log.info('openroles listening', { api: `${origin}/api/v1`, page: `${origin}/`, docs: `${origin}/api/v1/docs`, role: ctx.role, ...(replica ? { primary: ctx.primaryUrl } : { synchronous: config.sqliteSynchronous }) })
  // Where a first sign-up's code is when nothing mails it (the page says so too); the code itself is never logged.
  if (!config.smtpUrl) ctx.log.info('no SMTP_URL: mail (sign-up and sign-in codes included) is kept in the outbox; read it with `openroles mail outbox`')

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    clearInterval(follow)
    ctx.log.info('shutting down', { signal })
    // Stop accepting, let in-flight requests finish, then close the database (checkpointing the WAL).
    await listener.close()
    await ctx.close?.()
    await ctx.mailer.idle()
    db.close()
    process.exit(0)
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
}

/** Fails at once, naming the port and the fix, when another program listens on it. */
async function assertPortFree(config: Config): Promise<void> {
  const probe = createServer()
  await new Promise<void>((resolveProbe, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE'
        ? new Error(`port ${config.port} on ${config.host} is already in use by another program: stop it, or choose another port (serve --port N, or PORT)`)
        : error.code === 'EACCES' ? new Error(`port ${config.port} on ${config.host} needs privileges this user lacks: choose a port above 1023 (serve --port N, or PORT)`) : error))
    probe.listen(config.port, config.host, () => probe.close(() => resolveProbe()))
  })
}

/**
 * A cluster worker listens through node:http: the primary holds the shared socket, so listhen's
 * probing for a free port would misread the siblings as a port in use.
 */
function listenShared(handler: Parameters<typeof createServer>[1], config: Config): Promise<{ server: Server; close(): Promise<void> }> {
  const server = createServer(handler)
  return new Promise((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () =>
      resolveListen({ server, close: () => new Promise<void>((done) => server.close(() => done())) }),
    )
  })
}

/**
 * Node's own bound on receiving a whole request, behind the body readers' BODY_TIMEOUT_MS (which
 * answers 408 JSON): headers within their timeout, then the body within BODY_TIMEOUT_MS, for bodies
 * no handler reads (Node checks every 30 s, then ends the connection with a bare 408).
 */
function boundRequestTime(server: Pick<Server, 'requestTimeout' | 'headersTimeout'>, config: Config): void {
  server.requestTimeout = server.headersTimeout + config.bodyTimeoutMs
}

/** `openroles serve [--port N] [--host H] [--processes N]`: flags win over PORT, HOST and SERVE_PROCESSES. */
export const serveCommand: CommandSpec = {
  name: 'serve',
  summary: 'Serve the API and the search page (creates and seeds the database on first start).',
  options: {
    port: { type: 'string', short: 'p', value: 'N', help: 'TCP port (default PORT, 8080)' },
    host: valueOption('HOST', 'interface to listen on (default HOST, 127.0.0.1; 0.0.0.0 for every interface)'),
    processes: valueOption('N', 'serving processes (default SERVE_PROCESSES, 0 = one per core; 1 = a single process, no cluster)'),
  },
  run({ values }) {
    const config = loadConfig()
    const port = intOption(values.port, config.port, 'port')
    const serveProcesses = intOption(values.processes, config.serveProcesses, 'processes')
    return startServer({ ...config, port, serveProcesses, host: (values.host as string | undefined) ?? config.host })
  },
}
