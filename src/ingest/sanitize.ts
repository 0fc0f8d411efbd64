import sanitizeHtml from 'sanitize-html'

/**
 * Job descriptions come from third parties and are served as HTML, so they are reduced on the way in
 * to an allow-list of formatting tags. Links keep only http(s)/mailto targets and never pass referrer
 * trust (rel="nofollow noopener"). Everything else (scripts, styles, iframes, event handlers,
 * javascript:/data: URLs) is dropped; the text inside dropped formatting tags is kept.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'h2', 'h3', 'h4', 'a', 'code', 'pre', 'blockquote'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener' }),
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // Block containers become paragraphs, so a header cell never runs into the next word ("LocationRemote").
    div: 'p',
    section: 'p',
    article: 'p',
    header: 'p',
    footer: 'p',
    tr: 'p',
    td: 'p',
    th: 'p',
    dt: 'p',
    dd: 'p',
  },
  exclusiveFilter: (frame) => frame.tag === 'p' && !frame.text.trim() && !frame.mediaChildren.length,
}
// rel is set by the transform, so it must survive the attribute filter.
OPTIONS.allowedAttributes = { a: ['href', 'rel'] }

const BARE_TAG = /<\/?(p|br|ul|ol|li|strong|em|b|i|h2|h3|h4|code|pre|blockquote)>/g
const PAIRED = ['p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'h2', 'h3', 'h4', 'code', 'pre', 'blockquote']

/**
 * Markup made only of balanced, attribute-free allow-listed tags is already what the sanitizer would
 * produce; it skips the HTML parser (the seeded catalogue is written this way, a million at a time).
 */
function isAlreadyClean(html: string): boolean {
  if (/[<>]/.test(html.replace(BARE_TAG, ''))) return false
  const counts = new Map<string, number>()
  for (const match of html.matchAll(BARE_TAG)) {
    const closing = match[0][1] === '/'
    counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + (closing ? -1 : 1))
  }
  return PAIRED.every((tag) => !counts.get(tag))
}

export function sanitizeDescription(html: string): string {
  return isAlreadyClean(html) ? html.trim() : sanitizeHtml(html, OPTIONS).trim()
}

const BLOCK_TAGS = new Set(['p', 'li', 'h2', 'h3', 'h4', 'pre', 'blockquote', 'ul', 'ol'])
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" }

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

/** Plain text of sanitized HTML: block elements end a line, list items get a bullet, entities decoded. */
export function htmlToText(html: string): string {
  // One pass over the tags: a list item opens with a bullet, a block or <br> ends a line, the rest vanish.
  const text = html.replace(/<(\/?)([a-z0-9]+)[^>]*>/gi, (_, closing: string, name: string) => {
    const tag = name.toLowerCase()
    if (tag === 'br') return '\n'
    if (!closing) return tag === 'li' ? '• ' : ''
    return BLOCK_TAGS.has(tag) ? '\n' : ''
  })
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
}

/** Plain text pasted as a description becomes paragraphs, so every stored description is HTML. */
export function textToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return text
    .split(/\n{2,}/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${escape(para).replace(/\n/g, '<br>')}</p>`)
    .join('')
}
