import assert from 'node:assert/strict'

/** Prometheus text format -> { 'name{labels}': value }, checking every sample line parses. */
export function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?) (-?[0-9.e+-]+|[+-]?Inf|NaN)$/i.exec(line)
    assert.ok(match, `not a Prometheus sample line: ${line}`)
    samples.set(match[1]!, Number(match[2]))
  }
  return samples
}
