import { decodeHTML, escapeUTF8 } from 'entities'
import { Parser } from 'htmlparser2'
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

/** Plain text of sanitized HTML: block elements end a line, list items get a bullet, entities decoded (by the parser, once). */
export function htmlToText(html: string): string {
  let text = ''
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'br') text += '\n'
        else if (name === 'li') text += '\n• '
        else if (BLOCK_TAGS.has(name)) text += '\n'
      },
      ontext(chunk) {
        text += chunk
      },
      onclosetag(name) {
        if (BLOCK_TAGS.has(name)) text += '\n'
      },
    },
    { decodeEntities: true },
  )
  parser.end(html)
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line && line !== '•')
    .join('\n')
}

/** Plain text pasted as a description becomes paragraphs, so every stored description is HTML. */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${escapeUTF8(para).replace(/\n/g, '<br>')}</p>`)
    .join('')
}

const REAL_TAG = /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i
const ESCAPED_TAG = /&lt;\/?[a-z][a-z0-9]*(\s|&gt;|\/)/i

/**
 * A source's description as stored HTML, its entities decoded exactly once. HTML is sanitized as it
 * is; HTML published entity-escaped (as Greenhouse- and Lever-hosted JSON-LD does: "&lt;p&gt;…") is
 * decoded first, so pages never show a literal "<p>"; plain text has its entities decoded
 * ("R&amp;D" is "R&D") and becomes paragraphs.
 */
export function descriptionToHtml(description: string): string {
  let html = description
  // Some pages escape twice ("&amp;lt;p&amp;gt;"): decode until real tags appear, at most twice.
  for (let round = 0; round < 2 && !REAL_TAG.test(html) && (ESCAPED_TAG.test(html) || ESCAPED_TAG.test(decodeHTML(html))); round++) html = decodeHTML(html)
  return sanitizeDescription(REAL_TAG.test(html) ? html : textToHtml(decodeHTML(html)))
}
