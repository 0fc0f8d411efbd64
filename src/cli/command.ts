import { parseArgs, type ParseArgsConfig } from 'node:util'

/**
 * One CLI command, declared once: its options (node:util parseArgs, strict, so an unknown flag is
 * an error), how many positionals it takes, and the help `--help`/`-h` prints from the same spec.
 */
export interface OptionSpec {
  type: 'string' | 'boolean'
  short?: string
  /** Shown in --help after the flag: `--jobs N`. */
  value?: string
  help: string
}

/** An option that takes a value: `--db PATH`. */
export const valueOption = (value: string, help: string): OptionSpec => ({ type: 'string', value, help })
/** `--db PATH`, the database file of commands that open one. */
export const dbOption = valueOption('PATH', 'database file (default OPENROLES_DB)')

export interface CommandSpec {
  name: string
  summary: string
  /** Positional arguments as shown in the usage line, e.g. 'FILE...' or 'grant-moderator EMAIL'. */
  positionals?: { usage: string; min: number; max: number }
  options?: Record<string, OptionSpec>
  run(input: { values: Record<string, string | boolean | undefined>; positionals: string[] }): Promise<void> | void
}

/** A mistake in how a command was called: printed with the command's usage, exit code 2. */
export class UsageError extends Error {}

export function usageLine(spec: CommandSpec): string {
  const options = Object.keys(spec.options ?? {}).length ? ' [options]' : ''
  return `openroles ${spec.name}${options}${spec.positionals ? ` ${spec.positionals.usage}` : ''}`
}

export function helpText(spec: CommandSpec): string {
  const lines = [`usage: ${usageLine(spec)}`, '', spec.summary]
  const options = Object.entries(spec.options ?? {})
  if (options.length) lines.push('', 'options:')
  for (const [name, option] of options) {
    const flag = `${option.short ? `-${option.short}, ` : ''}--${name}${option.value ? ` ${option.value}` : ''}`
    lines.push(`  ${flag.padEnd(24)} ${option.help}`)
  }
  lines.push(`  ${'-h, --help'.padEnd(24)} show this help`)
  return lines.join('\n')
}

/** Parses argv for the command and runs it; `--help` prints its help instead. */
export async function runCommand(spec: CommandSpec, argv: string[]): Promise<void> {
  const options: ParseArgsConfig['options'] = { help: { type: 'boolean', short: 'h' } }
  for (const [name, option] of Object.entries(spec.options ?? {})) options[name] = { type: option.type, ...(option.short ? { short: option.short } : {}) }
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] }
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: true }) as typeof parsed
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  if (parsed.values.help) {
    console.log(helpText(spec))
    return
  }
  const { min = 0, max = 0 } = spec.positionals ?? {}
  if (parsed.positionals.length < min) throw new UsageError(`missing argument: ${spec.positionals?.usage}`)
  if (parsed.positionals.length > max) throw new UsageError(`unexpected argument '${parsed.positionals[max]}'`)
  await spec.run(parsed)
}

/** A whole number option (`--jobs 100`), the default when absent; a usage error otherwise. */
export function intOption(value: string | boolean | undefined, fallback: number, name: string, min = 0): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (typeof value !== 'string' || !/^\d+$/.test(value) || n < min) throw new UsageError(`--${name} must be a whole number of at least ${min}`)
  return n
}
