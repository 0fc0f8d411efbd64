/**
 * Progress of a long command on stderr: on a terminal one live line (stage, bar, count, rate, time
 * left), redrawn at most ten times a second; otherwise (a log file, CI, a pipe) one plain line per
 * stage every `every` milliseconds and when the stage ends, so a long run still shows it moves.
 */
export interface ProgressOptions {
  /** Where lines go (default process.stderr). */
  out?: { isTTY?: boolean; write(text: string): unknown }
  /** Plain lines at most this often (default 10 s). */
  every?: number
  now?: () => number
  /** CPU time of the process so far, in ms (every thread; what a stage costs on a shared machine). */
  cpu?: () => number
}

export interface Progress {
  /** `done` of `total` (null: unknown) in the named stage; a new stage name starts a new count. */
  update(done: number, stage?: string, total?: number | null): void
  done(): void
}

export function createProgress(label: string, total: number | null, options: ProgressOptions = {}): Progress {
  const out = options.out ?? process.stderr
  const tty = out.isTTY === true
  const every = options.every ?? 10_000
  const now = options.now ?? Date.now
  const cpu = options.cpu ?? (() => {
    const used = process.cpuUsage()
    return (used.user + used.system) / 1000
  })
  let stageCpu = cpu()
  let stage = ''
  let stageTotal = total
  let stageStart = now()
  let last = 0
  let lastDone = 0
  const line = (done: number, finished = false) => {
    const seconds = (now() - stageStart) / 1000
    const rate = seconds > 0 ? done / seconds : 0
    const left = !finished && stageTotal && rate > 0 ? ` ~${formatSeconds((stageTotal - done) / rate)} left` : ''
    const of = stageTotal ? `/${stageTotal} (${Math.floor((100 * done) / stageTotal)}%)` : ''
    return `${label}${stage ? ` ${stage}` : ''}: ${done}${of}, ${Math.round(rate)}/s${left}`
  }
  const draw = (done: number) => {
    const width = 30
    const ratio = stageTotal ? Math.min(1, done / stageTotal) : 0
    const bar = stageTotal ? ` ${'█'.repeat(Math.round(ratio * width)).padEnd(width, '░')}` : ''
    out.write(`\r\x1b[2K${line(done)}${bar}`)
  }
  const finishStage = () => {
    if (!stage && !lastDone) return
    const summary = `${line(lastDone, true)} done in ${formatSeconds((now() - stageStart) / 1000)} (${formatSeconds((cpu() - stageCpu) / 1000)} CPU)\n`
    out.write(tty ? `\r\x1b[2K${summary}` : summary)
  }
  return {
    update(done, nextStage, nextTotal) {
      if (nextStage !== undefined && nextStage !== stage) {
        finishStage()
        stage = nextStage
        stageTotal = nextTotal === undefined ? total : nextTotal
        stageStart = now()
        stageCpu = cpu()
        last = 0
      }
      lastDone = done
      const at = now()
      if (at - last < (tty ? 100 : every)) return
      // The first plain line waits a full period: a quick stage prints only its summary.
      if (!tty && last === 0) {
        last = at
        return
      }
      last = at
      if (tty) draw(done)
      else out.write(`${line(done)}\n`)
    },
    done() {
      finishStage()
      stage = ''
      lastDone = 0
    },
  }
}

function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?'
  const s = Math.round(seconds)
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`
}
