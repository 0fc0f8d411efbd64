/**
 * The one reader of `q`: user text -> tokens the way the FTS5 tokenizer of jobs_fts sees them
 * (unicode61, diacritics removed, '+' and '#' kept inside tokens so "c++" and "c#" stay
 * searchable), grouped into clauses. `"data engineer"` is a phrase, `-senior` excludes a word (or
 * `-"a phrase"`), a hyphenated or dotted term (`front-end`, `node.js`) is the phrase of its parts,
 * and every other word must match. Nothing typed is ever FTS syntax: every token is quoted before it
 * reaches FTS5, so operators (AND, OR, NOT, NEAR), column filters (':'), '^', '*' and parentheses
 * are only ever searched as text, never parsed.
 */
const TOKEN = /[\p{L}\p{N}\p{Co}+#]+/gu
/** Characters that split a typed word into separate words ("react/vue", "title:go", "(python)"). */
const WORD_BREAK = /[^\p{L}\p{N}\p{M}\p{Co}+#.\-_'’]+/u
/** A word that may match as a prefix: letters and digits only. */
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u

/** Lowercase, diacritic-free tokens of a text. */
export function tokenize(text: string): string[] {
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
  return folded.match(TOKEN) ?? []
}

/** One spelling a clause can match: one token, or a phrase of consecutive tokens. */
export interface TextTerm {
  tokens: string[]
  /** The last token matches as a prefix: only the query's last plain, unquoted word. */
  prefix: boolean
}

export interface TextClause {
  /** As typed (lowercase, punctuation around it dropped), for `did_you_mean`. */
  display: string
  /** Normal form for alias lookup: hyphens as spaces, technology punctuation kept (".net"). */
  spelling: string
  /** Typed in quotes: matched as typed, never expanded or corrected. */
  quoted: boolean
  /** What matches, ORed: the typed term (or its correction) and its aliases. */
  terms: TextTerm[]
  /** The typed tokens (or the correction of an unknown word) as whole words, for the exact-match tiers. */
  exact: TextTerm
}

export interface TextQuery {
  /** Every clause must match. */
  clauses: TextClause[]
  /** No posting holding one of these (as typed, whole words) matches. */
  excluded: TextTerm[]
  /** A stable text form of what is matched, for cache keys. */
  key: string
}

export interface TextParseOptions {
  /** Phrases, exclusions and hyphenated phrases (default true). false: every token is a word, as before issue 26. */
  operators?: boolean
}

/** The spelling's normal form: lowercase, accents folded, hyphens as spaces, stray punctuation dropped. */
export function spellingOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/^[-_'’]+|[-_.'’]+$/g, '')
    .replace(/^\.+(?=\.)/, '')
    .replace(/^\.(?![\p{L}\p{N}])/u, '')
    .replace(/[-_\s]+/g, ' ')
    .trim()
}

export function clauseOf(display: string, tokens: string[], quoted: boolean, spelling = display): TextClause {
  const typed = { tokens, prefix: false }
  return { display, spelling, quoted, terms: [typed], exact: { tokens, prefix: false } }
}

/** Splits q into quoted phrases and bare pieces, each possibly negated by a leading '-'. */
function* pieces(q: string): Iterable<{ text: string; quoted: boolean; negated: boolean }> {
  for (const match of q.matchAll(/(-?)"([^"]*)"?|([^\s"]+)/g)) {
    if (match[2] !== undefined) yield { text: match[2], quoted: true, negated: match[1] === '-' }
    else {
      const bare = match[3]!
      const negated = bare.length > 1 && bare.startsWith('-')
      yield { text: negated ? bare.slice(1) : bare, quoted: false, negated }
    }
  }
}

/** null when q holds no searchable token (e.g. only punctuation): the search then has no text clause. */
export function parseTextQuery(q: string | undefined, options: TextParseOptions = {}): TextQuery | null {
  if (!q) return null
  const clauses: TextClause[] = []
  const excluded: TextTerm[] = []
  let lastPlain = false
  if (options.operators === false) {
    for (const token of new Set(tokenize(q))) clauses.push(clauseOf(token, [token], false))
    lastPlain = clauses.length > 0 && PLAIN_WORD.test(clauses[clauses.length - 1]!.display)
  } else {
    for (const piece of pieces(q)) {
      const words = piece.quoted ? [piece.text] : piece.text.split(WORD_BREAK)
      for (const word of words) {
        const tokens = tokenize(word)
        if (tokens.length === 0) continue
        if (piece.negated) {
          excluded.push({ tokens, prefix: false })
          continue
        }
        const spelling = spellingOf(word)
        const display = piece.quoted ? `"${tokens.join(' ')}"` : spelling.replace(/ /g, '-')
        clauses.push(clauseOf(display, tokens, piece.quoted, spelling))
        lastPlain = !piece.quoted && tokens.length === 1 && PLAIN_WORD.test(spelling)
      }
    }
  }
  const deduped = dedupe(clauses)
  if (lastPlain && deduped.length) deduped[deduped.length - 1]!.terms[0]!.prefix = true
  return finish({ clauses: deduped, excluded, key: '' })
}

function dedupe(clauses: TextClause[]): TextClause[] {
  const seen = new Set<string>()
  // The last clause stays last (it may be the prefix word): keep the last occurrence of a repeat.
  return clauses.reverse().filter((clause) => !seen.has(clause.display) && seen.add(clause.display)).reverse()
}

/** Sets the cache key; null when nothing is left to match or exclude. */
export function finish(text: TextQuery): TextQuery | null {
  if (text.clauses.length === 0 && text.excluded.length === 0) return null
  const term = (t: TextTerm) => `${t.tokens.join(' ')}${t.prefix ? '*' : ''}`
  text.key = JSON.stringify([text.clauses.map((clause) => [clause.terms.map(term), term(clause.exact)]), text.excluded.map(term)])
  return text
}

/** The query as matched, in words: corrected words in place of typed ones, phrases quoted, exclusions with '-'. */
export function queryText(text: TextQuery): string {
  return [...text.clauses.map((clause) => clause.display), ...text.excluded.map((term) => `-${term.tokens.length > 1 ? `"${term.tokens.join(' ')}"` : term.tokens[0]}`)].join(' ')
}
