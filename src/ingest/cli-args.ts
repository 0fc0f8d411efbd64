/** Minimal `--name value` / `--flag` parsing for the ingest commands; the rest are positional. */
export function parseArgs(args: string[], valued: string[]): { options: Record<string, string>; positional: string[] } {
  const options: Record<string, string> = {}
  const positional: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (!arg.startsWith('--')) {
      positional.push(arg)
      continue
    }
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined]
    if (!valued.includes(name)) throw new Error(`unknown option --${name}`)
    const value = inline ?? args[++i]
    if (value === undefined) throw new Error(`--${name} needs a value`)
    options[name] = value
  }
  return { options, positional }
}

export function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer`)
  return n
}
