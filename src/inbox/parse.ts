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

export async function parseRawMessage(raw: Buffer): Promise<ParsedMessage> {
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true })
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
