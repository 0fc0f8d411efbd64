import nodemailer from 'nodemailer'
import type Mail from 'nodemailer/lib/mailer/index.js'

/**
 * Test mail. `rawMail` builds a raw RFC 5322 message with nodemailer's stream transport (the same
 * composer that sends over SMTP), as a mail server would deliver it.
 */
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'crlf' })

export async function rawMail(options: Mail.Options): Promise<Buffer> {
  const info = await composer.sendMail({ date: new Date('2026-11-20T09:00:00Z'), ...options })
  return info.message as Buffer
}

/** An .ics invitation (METHOD:REQUEST, or CANCEL). */
export function icsInvite(uid: string, start: string, end: string, summary: string, method: 'REQUEST' | 'CANCEL' = 'REQUEST'): string {
  return [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//openroles tests//EN', `METHOD:${method}`, 'BEGIN:VEVENT', `UID:${uid}`,
    `DTSTART:${start}`, `DTEND:${end}`, `SUMMARY:${summary}`, 'LOCATION:https://meet.google.com/abc-defg-hij', 'END:VEVENT', 'END:VCALENDAR', '',
  ].join('\r\n')
}
