import { simpleParser, type AddressObject } from 'mailparser'
import { htmlToText, sanitizeDescription } from '../ingest/sanitize.ts'

/**
 * A raw RFC 5322 message reduced to what the inbox keeps: addresses, thread headers, a sanitised
 * HTML body (the job-description allow-list: no images, scripts or styles, so no remote image is
 * ever fetched by a reader), a plain-text body, and the calendar parts (.ics) it carries.
 */
export interface ParsedMessage {
  messageId: string | null
  inReplyTo: string | null
  refs: string[]
  fromAddr: string
  fromName: string
  toAddr: string
  subject: string
  bodyText: string
  bodyHtml: string
  date: string | null
  calendars: string[]
}

/** `<a@b>` → `a@b`: Message-IDs are compared without their brackets, lowercased. */
export const bareId = (id: string): string => id.trim().replace(/^<|>$/g, '').toLowerCase()

function firstAddress(value: AddressObject | AddressObject[] | undefined): { address: string; name: string } {
  const object = Array.isArray(value) ? value[0] : value
  const first = object?.value[0]
  return { address: (first?.address ?? '').toLowerCase(), name: first?.name ?? '' }
}

const PARSER_OPTIONS = { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true } as const
const NAMING_HEADERS = new Set(['from', 'to', 'subject', 'date', 'message-id', 'in-reply-to', 'references'])
const BODY_HEADERS = new Set(['content-type', 'content-transfer-encoding'])

/**
 * What is kept of a message mailparser refuses (past its limits on header fields or MIME depth): the
 * top-level headers that name and thread it, and its body unless that is multipart. Such mail still
 * arrived; refusing it would stall an IMAP sync on it for good and make an SMTP sender retry for days.
 */
function reducedMessage(raw: Buffer): Buffer {
  const text = raw.toString('utf8')
  const split = /\r?\n\r?\n/.exec(text)
  const head = split ? text.slice(0, split.index) : text
  const body = split ? text.slice(split.index + split[0].length) : ''
  const fields = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const name = line.slice(0, line.indexOf(':')).trim().toLowerCase()
    if ((NAMING_HEADERS.has(name) || BODY_HEADERS.has(name)) && !fields.has(name)) fields.set(name, line.slice(0, 10_000))
  }
  const nested = /^\s*(multipart|message)\//i.test((fields.get('content-type') ?? '').replace(/^[^:]*:/, ''))
  const kept = [...fields].filter(([name]) => !nested || !BODY_HEADERS.has(name)).map(([, line]) => line)
  return Buffer.from([...kept, '', nested ? '' : body].join('\r\n'))
}

export async function parseRawMessage(raw: Buffer): Promise<ParsedMessage> {
  const mail = await simpleParser(raw, PARSER_OPTIONS).catch(() => simpleParser(reducedMessage(raw), PARSER_OPTIONS))
  const from = firstAddress(mail.from)
  const to = firstAddress(mail.to)
  const refs = (Array.isArray(mail.references) ? mail.references : mail.references ? mail.references.split(/\s+/) : []).filter(Boolean).map(bareId)
  const bodyHtml = mail.html ? sanitizeDescription(mail.html) : ''
  const bodyText = (mail.text ?? '').trim() || (bodyHtml ? htmlToText(bodyHtml) : '')
  const calendars = mail.attachments
    .filter((part) => /^text\/calendar|^application\/ics/i.test(part.contentType) || /\.ics$/i.test(part.filename ?? ''))
    .map((part) => part.content.toString('utf8'))
  const date = mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : null
  return {
    messageId: mail.messageId ? bareId(mail.messageId) : null,
    inReplyTo: mail.inReplyTo ? bareId(mail.inReplyTo) : null,
    refs,
    fromAddr: from.address,
    fromName: from.name,
    toAddr: to.address,
    subject: (mail.subject ?? '').trim(),
    bodyText,
    bodyHtml,
    date,
    calendars,
  }
}
