/**
 * Posting language by stop words: the language whose most common words occur most often wins.
 * Cyrillic text is Russian unless Ukrainian letters show. Short or undecided text gives null.
 */
const STOP_WORDS: Record<string, string[]> = {
  en: ['the', 'and', 'you', 'with', 'for', 'our', 'will', 'are', 'we', 'to', 'of', 'in', 'is', 'your', 'team'],
  de: ['und', 'der', 'die', 'das', 'mit', 'für', 'wir', 'sie', 'ist', 'eine', 'ein', 'auf', 'bei', 'zu', 'unsere'],
  fr: ['et', 'les', 'des', 'une', 'pour', 'avec', 'vous', 'nous', 'est', 'dans', 'le', 'la', 'du', 'sur', 'notre'],
  es: ['y', 'los', 'las', 'una', 'para', 'con', 'que', 'del', 'el', 'en', 'por', 'nuestro', 'es', 'tu', 'equipo'],
  pt: ['e', 'os', 'as', 'uma', 'para', 'com', 'que', 'do', 'da', 'em', 'não', 'você', 'nosso', 'sua', 'equipe'],
  nl: ['en', 'de', 'het', 'een', 'van', 'voor', 'met', 'wij', 'jij', 'je', 'zijn', 'op', 'ons', 'onze', 'bij'],
  pl: ['i', 'w', 'na', 'z', 'do', 'się', 'jest', 'oraz', 'dla', 'nie', 'od', 'jako', 'będzie', 'pracy', 'naszego'],
  it: ['e', 'il', 'di', 'che', 'per', 'con', 'una', 'della', 'nel', 'sono', 'gli', 'del', 'la', 'le', 'nostro'],
}

const WEIGHTS = new Map<string, Map<string, number>>()
for (const [lang, words] of Object.entries(STOP_WORDS)) {
  for (const word of words) {
    const byLang = WEIGHTS.get(word) ?? new Map<string, number>()
    byLang.set(lang, 1)
    WEIGHTS.set(word, byLang)
  }
}

export function detectLanguage(text: string): string | null {
  const sample = text.slice(0, 700).toLowerCase()
  let cyrillic = 0
  let latin = 0
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i)
    if (code >= 0x61 && code <= 0x7a) latin++
    else if (code >= 0x430 && code <= 0x451) cyrillic++
  }
  if (cyrillic > latin) return /[іїєґ]/.test(sample) ? 'uk' : 'ru'
  const scores = new Map<string, number>()
  for (const word of sample.split(/[^a-zà-ÿąćęłńóśźż]+/)) {
    const weights = WEIGHTS.get(word)
    if (weights) for (const [lang, weight] of weights) scores.set(lang, (scores.get(lang) ?? 0) + weight)
  }
  let best: string | null = null
  let bestScore = 2
  for (const [lang, score] of scores) {
    if (score > bestScore) {
      best = lang
      bestScore = score
    }
  }
  return best
}
