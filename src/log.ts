/** Structured one-line JSON logs. Never pass secrets or full query strings here. */
export type LogLevel = 'silent' | 'error' | 'info' | 'debug'
const rank: Record<LogLevel, number> = { silent: 0, error: 1, info: 2, debug: 3 }

export interface Logger {
  error(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  debug(msg: string, fields?: Record<string, unknown>): void
}

export function createLogger(level: string): Logger {
  const threshold = rank[(level as LogLevel) in rank ? (level as LogLevel) : 'info']
  const write = (lvl: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (rank[lvl] > threshold) return
    const line = JSON.stringify({ t: new Date().toISOString(), level: lvl, msg, ...fields })
    ;(lvl === 'error' ? process.stderr : process.stdout).write(line + '\n')
  }
  return {
    error: (msg, fields) => write('error', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    debug: (msg, fields) => write('debug', msg, fields),
  }
}
