import type { RawPosting } from './raw-posting.ts'

/**
 * Links an import may store: absolute http(s) URLs only. A `javascript:` or `data:` URL is harmless
 * in our own pages but live in any API consumer that puts it in a plain `<a href>`, so anything else
 * is dropped (the field becomes null) and counted in the import summary.
 */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

/** The posting with every non-http(s) link nulled, and how many were dropped. */
export function withSafeUrls(raw: RawPosting): { raw: RawPosting; dropped: number } {
  let dropped = 0
  const keep = (value: string | null | undefined) => {
    if (value == null || value === '' || isHttpUrl(value)) return value
    dropped += 1
    return null
  }
  const company = { ...raw.company, homepage: keep(raw.company.homepage), careersUrl: keep(raw.company.careersUrl) }
  return { raw: { ...raw, url: keep(raw.url), sourceUrl: keep(raw.sourceUrl), company }, dropped }
}
