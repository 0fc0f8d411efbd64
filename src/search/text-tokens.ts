/**
 * User text -> tokens the way the FTS5 tokenizer of jobs_fts sees them (unicode61, diacritics
 * removed, '+' and '#' kept inside tokens so "c++" and "c#" stay searchable). Every token is
 * quoted before it reaches FTS5, so operators (AND, OR, NOT, NEAR), column filters (':'), '^',
 * '-', '*', quotes and parentheses in user input are only ever searched as text, never parsed.
 */
const TOKEN = /[\p{L}\p{N}\p{Co}+#]+/gu

/** Lowercase, diacritic-free tokens of a text. */
export function tokenize(text: string): string[] {
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
  return folded.match(TOKEN) ?? []
}

export interface TextQuery {
  /** Whole-word tokens (every token but the last). */
  words: string[]
  /** The last token, matched as a prefix (typeahead-friendly). */
  prefix: string
  /** The FTS5 MATCH expression: every token quoted, ANDed, the last one as a prefix. */
  match: string
  /** The same, one expression per token: a posting matches when it matches all of them. */
  terms: string[]
}

/** null when q holds no searchable token (e.g. only punctuation): the search then has no text clause. */
export function parseTextQuery(q: string | undefined): TextQuery | null {
  if (!q) return null
  const tokens = tokenize(q)
  if (tokens.length === 0) return null
  const words = [...new Set(tokens.slice(0, -1))]
  const prefix = tokens[tokens.length - 1]!
  // Tokens hold only letters, digits, '+' and '#': no '"' can end the quoted string early.
  const terms = [...words.map((word) => `"${word}"`), `"${prefix}"*`]
  return { words, prefix, match: terms.join(' '), terms }
}
