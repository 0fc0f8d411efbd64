/**
 * A private, throwaway PostgreSQL 15 cluster for the side-by-side benchmark (bench/postgres.ts):
 * initdb into a bench data directory, served on a unix socket only (no TCP port to collide with),
 * fsync off (the data is rebuilt from the SQLite catalogue whenever it is lost), stopped at the end
 * and on Ctrl-C. The data directory is kept across runs, so a loaded catalogue is reused.
 *
 * PostgreSQL refuses to run as root: as root the cluster's commands run as the `postgres` user.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { appendFileSync, chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

/** Where Debian and the official images put the binaries, newest first; PG_BIN overrides. */
const BIN_DIRS = ['/usr/lib/postgresql/15/bin', '/usr/local/pgsql/bin', '/usr/local/bin', '/usr/bin']
const PORT = 54315

/** Settings of a benchmark cluster: durability off, memory for a few million rows, plain planner defaults otherwise. */
const SETTINGS = {
  listen_addresses: "''",
  port: String(PORT),
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  // A table created, filled and indexed in one transaction then writes no WAL (the load is one).
  wal_level: 'minimal',
  max_wal_senders: '0',
  shared_buffers: "'2GB'",
  work_mem: "'64MB'",
  maintenance_work_mem: "'1GB'",
  max_wal_size: "'8GB'",
  checkpoint_timeout: "'30min'",
  effective_cache_size: "'8GB'",
  // JIT compiles plans costed as large (every facet query over a big match set) for 50-200 ms each
  // time; the common advice for short analytic queries is to turn it off.
  jit: 'off',
  random_page_cost: '1.1',
}

export interface Cluster {
  /** For pg.Client: the socket directory and port. */
  host: string
  port: number
  stop(): void
}

function findBin(): string {
  const dirs = process.env.PG_BIN ? [process.env.PG_BIN] : BIN_DIRS
  const dir = dirs.find((candidate) => ['initdb', 'pg_ctl', 'postgres'].every((bin) => existsSync(`${candidate}/${bin}`)))
  if (!dir) {
    throw new Error(`PostgreSQL binaries (initdb, pg_ctl, postgres) not found in ${dirs.join(', ')}: install PostgreSQL 15 (Debian: apt-get install postgresql-15) or set PG_BIN to their directory`)
  }
  const version = execFileSync(`${dir}/postgres`, ['--version'], { encoding: 'utf8' }).trim()
  if (!/\b15\./.test(version)) console.error(`[pg] warning: ${version}, not PostgreSQL 15`)
  return dir
}

/** Runs a cluster command, as the postgres user when we are root. */
function run(bin: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]
  const result = spawnSync(command, argv, { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`)
}

/** Starts (creating when missing) the cluster in `dir`; stop() is also called on exit and Ctrl-C. */
export function startCluster(dirPath: string, log: (line: string) => void): Cluster {
  const bin = findBin()
  const dir = resolve(dirPath)
  const asRoot = process.getuid?.() === 0
  if (!existsSync(`${dir}/PG_VERSION`)) {
    log(`initdb ${dir}`)
    // The parents stay traversable by the postgres user; the cluster directory itself is private.
    mkdirSync(dirname(dir), { recursive: true })
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })))
    run(`${bin}/initdb`, ['-D', dir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C'])
  }
  const conf = Object.entries({ ...SETTINGS, unix_socket_directories: `'${dir}'` }).map(([key, value]) => `${key} = ${value}`).join('\n')
  writeFileSync(`${dir}/bench.conf`, `${conf}\n`)
  if (asRoot) execFileSync('chown', ['postgres:postgres', `${dir}/bench.conf`])
  const main = readFileSync(`${dir}/postgresql.conf`, 'utf8')
  if (!main.includes("include = 'bench.conf'")) appendFileSync(`${dir}/postgresql.conf`, "\ninclude = 'bench.conf'\n")
  run(`${bin}/pg_ctl`, ['-D', dir, '-l', `${dir}/server.log`, '-w', '-t', '300', 'start'])
  log(`PostgreSQL started in ${dir} (socket only, port ${PORT})`)
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    try {
      run(`${bin}/pg_ctl`, ['-D', dir, '-m', 'fast', '-w', 'stop'])
      log('PostgreSQL stopped')
    } catch (error) {
      console.error(`[pg] stop failed: ${(error as Error).message}`)
    }
  }
  process.on('exit', stop)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop()
      process.exit(130)
    })
  }
  return { host: dir, port: PORT, stop }
}
