/**
 * The tokenizer of skill matching: words with technology punctuation kept ("c++", ".net", "node.js"),
 * whether each was capitalised, and what stands between tokens (a break stops a phrase; a list
 * separator or a sentence end tells how a word is used).
 */
export interface Tokens {
  lower: string[]
  /** The first letter is upper case in the original text. */
  capitalised: boolean[]
  /** The character right after the token ("&" in "R&D" disqualifies R). */
  next: string[]
  /** Punctuation stands between this token and the previous one: phrases never span it. */
  breakBefore: boolean[]
  /** What stands between the previous token and this one (", ", ". ", "\n• "). */
  gap: string[]
}

const BREAK_CHARS = new Set(['.', ',', ';', ':', '!', '?', '(', ')', '|', '•', '\n'])

/** Letters and digits (Latin, Latin-1/Extended, Cyrillic) start and continue a token; "+#." continue it. */
function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 0xc0 && code <= 0x24f) || (code >= 0x400 && code <= 0x4ff)
}
const isJoinChar = (code: number) => code === 43 || code === 35 || code === 46

/** Words with technology punctuation kept ("c++", ".net", "node.js"); a trailing sentence dot is dropped. */
export function tokenize(text: string): Tokens {
  const lowerText = text.toLowerCase()
  // Lowercasing can change the length of rare characters; then case is simply unknown.
  const sameLength = lowerText.length === text.length
  const tokens: Tokens = { lower: [], capitalised: [], next: [], breakBefore: [], gap: [] }
  const length = lowerText.length
  let previousEnd = 0
  let i = 0
  while (i < length) {
    const code = lowerText.charCodeAt(i)
    // A token starts at a word character, or at a dot directly followed by one (".net").
    const dotted = code === 46 && i + 1 < length && isWordChar(lowerText.charCodeAt(i + 1))
    if (!isWordChar(code) && !dotted) {
      i++
      continue
    }
    const start = i
    i++
    while (i < length) {
      const c = lowerText.charCodeAt(i)
      if (!isWordChar(c) && !isJoinChar(c)) break
      i++
    }
    let end = i
    while (end - start > 1 && lowerText.charCodeAt(end - 1) === 46) end--
    const gap = text.slice(previousEnd, start)
    let broken = false
    for (let k = 0; k < gap.length && !broken; k++) broken = BREAK_CHARS.has(gap[k]!)
    tokens.gap.push(gap)
    tokens.lower.push(lowerText.slice(start, end))
    tokens.capitalised.push(sameLength && text.charCodeAt(start) !== code)
    tokens.next.push(end < i ? '.' : (text[end] ?? ''))
    tokens.breakBefore.push(broken)
    previousEnd = end
  }
  return tokens
}
