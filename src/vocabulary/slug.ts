import { createHash } from 'node:crypto'

/** Lowercase ASCII words joined by '-', accents folded: "Senior Go Engineer (München)" -> "senior-go-engineer-munchen". */
export function slugify(text: string, maxLength = 60): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\+/g, 'p')
    .replace(/#/g, 'sharp')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '')
}

/** Stable public slug of a posting: readable words plus a short hash of its identity (source + external id). */
export function jobSlug(title: string, companyName: string, source: string, externalId: string): string {
  const hash = createHash('sha256').update(`${source}\u0000${externalId}`).digest('hex').slice(0, 8)
  const words = slugify(`${title} ${companyName}`, 70)
  return words ? `${words}-${hash}` : hash
}
