/** Lowercase with accents removed ("München" -> "munchen"), so dictionary lookups ignore case and diacritics. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘]/g, "'")
    .replace(/ё/g, 'е')
    .toLowerCase()
}
