/**
 * Contact details found in résumé text: e-mail, phone, links, and the name, headline and
 * location from the header (the lines above the first section heading).
 */
export interface Contacts {
  full_name?: string
  email?: string
  phone?: string
  location?: string
  links?: string[]
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/
const PHONE = /(?:\+|00)?\d[\d ()./-]{6,}\d/
const URL = /\b(?:https?:\/\/)?(?:www\.)?(?:linkedin\.com\/in\/[\w%-]+|github\.com\/[\w-]+(?:\/[\w.-]+)?|gitlab\.com\/[\w-]+|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:dev|io|me|com|net|org|de|fr|es|eu|app|page)\/?[\w/.-]*)/gi
const CONTACT_LABEL = /^(e-?mail|email|phone|tel\.?|telefon|téléphone|teléfono|mobile|mobil|handy|portable|móvil|address|adresse|dirección|location|ort|web|website|linkedin|github)\s*[:：]\s*/i

export function linksIn(text: string): string[] {
  const found = new Set<string>()
  for (const match of text.matchAll(URL)) {
    const raw = match[0].replace(/[.,;)]+$/, '')
    if (raw.includes('@') || /^[\d.]+$/.test(raw)) continue
    const before = text[match.index! - 1]
    if (before === '@') continue
    found.add(/^https?:\/\//i.test(raw) ? raw : `https://${raw.replace(/^www\./i, 'www.')}`)
  }
  return [...found]
}

const segmentsOf = (line: string) => line.split(/\s+[|•·◦]\s+|\s{3,}|\t/).map((part) => part.replace(CONTACT_LABEL, '').trim()).filter(Boolean)

const isContactish = (segment: string) => EMAIL.test(segment) || linksIn(segment).length > 0 || (PHONE.test(segment) && segment.replace(/\D/g, '').length >= 7)
const looksLikeLocation = (segment: string) => /^[\p{Lu}][\p{L} .'-]{1,40},\s*[\p{L} .'-]{2,40}$/u.test(segment) && !/\d/.test(segment)

export function parseContacts(header: string[], allText: string): Contacts & { headline?: string } {
  const contacts: Contacts & { headline?: string } = {}
  const email = EMAIL.exec(allText)?.[0]
  if (email) contacts.email = email
  for (const line of [...header, ...allText.split('\n').slice(0, 40)]) {
    for (const segment of segmentsOf(line)) {
      if (!contacts.phone && !EMAIL.test(segment) && PHONE.test(segment)) {
        const phone = PHONE.exec(segment)![0].trim()
        if (phone.replace(/\D/g, '').length >= 7 && !/^(19|20)\d{2}\s*[-–]\s*(19|20)\d{2}$/.test(phone)) contacts.phone = phone
      }
      if (!contacts.location && looksLikeLocation(segment)) contacts.location = segment
    }
  }
  const links = linksIn(allText)
  if (links.length) contacts.links = links.slice(0, 20)
  const plain = header.map((line) => line.replace(CONTACT_LABEL, '').trim()).filter((line) => line && !segmentsOf(line).some(isContactish) && !looksLikeLocation(line))
  const [name, beside] = withoutMonogram(plain)
  if (name && name.length <= 80 && !/\d/.test(name)) contacts.full_name = name.replace(/\s+/g, ' ')
  // A monogram centred beside a name and headline lands on the headline's line.
  const monogram = name ? /^(\p{Lu}{2,3})\s+/u.exec(beside ?? '') : null
  const headline = monogram && initialsOf(name!).startsWith(monogram[1]!) ? beside!.slice(monogram[0].length) : beside
  if (headline && headline.length <= 200) contacts.headline = headline
  return contacts
}

const initialsOf = (words: string) => words.split(/\s+/).filter(Boolean).map((word) => word[0]!.toUpperCase()).join('')

/**
 * Templates with a monogram (a circle with the initials, where a photo would go) put "AL" above
 * or before "Ada Lovelace": the initials are decoration, not the name.
 */
function withoutMonogram(lines: string[]): string[] {
  const [first, second] = lines
  if (!first) return lines
  const prefixed = /^(\p{Lu}{1,3})\s+(.+)$/u.exec(first)
  if (prefixed && initialsOf(prefixed[2]!).startsWith(prefixed[1]!)) return [prefixed[2]!, ...lines.slice(1)]
  if (second && /^\p{Lu}{1,3}$/u.test(first) && initialsOf(second).startsWith(first)) return lines.slice(1)
  return lines
}
