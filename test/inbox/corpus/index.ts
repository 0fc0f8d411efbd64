import type Mail from 'nodemailer/lib/mailer/index.js'
import type { Label } from '../../../src/inbox/labels.ts'
import { ATS_SENDERS, POSTINGS, type Lang, type Posting } from './companies.ts'
import type { Template } from './template.ts'
import { readFileSync } from 'node:fs'

/**
 * The labelled application-mail corpus: hand-written templates in six languages, each sent to one
 * of the candidate's applications from a recruiter, the company's generic address or an ATS
 * (Greenhouse, Lever, SmartRecruiters, Ashby, Personio, Teamtailor, Workable, Workday); some
 * forwarded by the candidate, some answered in-thread from a recruiter's private address with
 * the candidate's words quoted. Each item carries its label and the posting it belongs to
 * (null for mail about no application). bench/mail-triage.ts and test/inbox/corpus.test.ts read it.
 */
export interface CorpusItem {
  id: string
  lang: Lang
  label: Label
  /** The posting's slug, or null for mail that belongs to no application. */
  posting: string | null
  kind: 'direct' | 'ats' | 'forwarded' | 'reply'
  mail: Mail.Options
  ics: boolean
}

export const CANDIDATE = { name: 'Alex Morgan', first: 'Alex', address: 'alex.morgan@example.org' }
/** The templates by language, kept as data (templates.json). */
const templatesOf = (file: string) => Object.entries(JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'))) as [Lang, Template[]][]
const TEMPLATES = templatesOf('./templates.json')
/**
 * Held-out mail: written after the phrase lists were last changed and never used to change them,
 * so the benchmark's held-out figures say how triage does on wording it was not fitted to.
 */
const HELD_OUT = templatesOf('./templates-heldout.json')

const FORWARD: Record<Lang, { opener: string; from: string; subject: string; date: string; to: string; note: string }> = {
  en: { opener: '---------- Forwarded message ---------', from: 'From', subject: 'Subject', date: 'Date', to: 'To', note: 'FYI, see below.' },
  de: { opener: '---------- Weitergeleitete Nachricht ---------', from: 'Von', subject: 'Betreff', date: 'Datum', to: 'An', note: 'Zur Info.' },
  fr: { opener: '---------- Message transféré ---------', from: 'De', subject: 'Objet', date: 'Date', to: 'À', note: 'Pour info.' },
  es: { opener: '---------- Mensaje reenviado ---------', from: 'De', subject: 'Asunto', date: 'Fecha', to: 'Para', note: 'Para que lo tengas.' },
  nl: { opener: '---------- Doorgestuurd bericht ---------', from: 'Van', subject: 'Onderwerp', date: 'Datum', to: 'Aan', note: 'Ter info.' },
  ru: { opener: '---------- Пересылаемое сообщение ---------', from: 'От', subject: 'Тема', date: 'Дата', to: 'Кому', note: 'Пересылаю.' },
}

/** The candidate's own earlier words, quoted under a reply: misleading on purpose ("unfortunately"). */
const QUOTED: Record<Lang, (who: string) => string> = {
  en: (who) => `On Mon, 3 Nov 2026 at 10:00, ${who} wrote:\n> Hi, unfortunately I cannot make it on Monday.\n> Could you send me another slot? Thank you for the offer to talk!`,
  de: (who) => `Am Mo., 3. Nov. 2026 um 10:00 Uhr schrieb ${who}:\n> Hallo, leider kann ich am Montag nicht.\n> Könnten Sie mir einen anderen Termin senden?`,
  fr: (who) => `Le lun. 3 nov. 2026 à 10:00, ${who} a écrit :\n> Bonjour, malheureusement je ne suis pas disponible lundi.\n> Pourriez-vous me proposer un autre créneau ?`,
  es: (who) => `El lun, 3 nov 2026 a las 10:00, ${who} escribió:\n> Hola, lamentablemente el lunes no puedo.\n> ¿Podrías enviarme otro horario?`,
  nl: (who) => `Op ma 3 nov 2026 om 10:00 schreef ${who}:\n> Hoi, helaas kan ik maandag niet.\n> Zou je me een ander moment kunnen sturen?`,
  ru: (who) => `пн, 3 нояб. 2026 г. в 10:00, ${who}:\n> Здравствуйте, к сожалению, в понедельник я не могу.\n> Не могли бы вы предложить другое время?`,
}

function fill(text: string, posting: Posting | undefined): string {
  return text
    .replaceAll('{first}', CANDIDATE.first)
    .replaceAll('{role}', posting?.title ?? 'Backend Engineer')
    .replaceAll('{company}', posting?.company ?? 'Example Corp')
    .replaceAll('{recruiter}', posting?.recruiter ?? 'Jamie')
    .replaceAll('{link}', 'https://careers.example/portal/a1b2c3')
}

const personal = (name: string) => name.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z]+/g, '.').replace(/^\.|\.$/g, '')

function ics(uid: string, day: number): string {
  const start = `202612${String(day).padStart(2, '0')}T140000Z`
  const end = `202612${String(day).padStart(2, '0')}T150000Z`
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'METHOD:REQUEST', 'BEGIN:VEVENT', `UID:${uid}`, `DTSTART:${start}`, `DTEND:${end}`, 'SUMMARY:Interview', 'LOCATION:https://meet.google.com/xyz-abcd-efg', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n')
}

/** The corpus the phrase lists were written against, or (`held-out`) mail they never saw. */
export function buildCorpus(set: 'main' | 'held-out' = 'main'): CorpusItem[] {
  const items: CorpusItem[] = []
  const firstOf = new Map<string, string>()
  let clock = Date.parse('2026-11-05T08:00:00Z')
  let n = 0
  let atsTurn = 0
  const push = (item: Omit<CorpusItem, 'id'>, messageId: string) => {
    n += 1
    clock += 3_600_000
    items.push({ ...item, id: `c${n}`, mail: { ...item.mail, messageId: `<${messageId}@corpus.example>`, date: new Date(clock), to: item.mail.to ?? `${CANDIDATE.name} <${CANDIDATE.address}>` } })
  }
  for (const [lang, templates] of set === 'main' ? TEMPLATES : HELD_OUT) {
    const postings = POSTINGS.filter((p) => p.lang === lang)
    templates.forEach((template, i) => {
      const posting = template.sender ? undefined : postings[i % postings.length]!
      const subject = fill(template.subject, posting)
      const body = fill(template.body, posting)
      const variant = i % 4
      let from: string
      let kind: CorpusItem['kind'] = 'direct'
      if (template.sender) from = `${template.senderName} <${template.sender}>`
      else if (variant === 1 || variant === 3) {
        const ats = ATS_SENDERS[atsTurn++ % ATS_SENDERS.length]!
        from = `"${ats.display(posting!.company)}" <${ats.address}>`
        kind = 'ats'
      } else if (variant === 0) from = `${posting!.recruiter} <${personal(posting!.recruiter) || 'recruiter'}@${posting!.mailDomain}>`
      else from = `${posting!.company} <jobs@${posting!.mailDomain}>`
      const id = `${set}-${lang}-${i}`
      const attachment = template.ics ? { icalEvent: { method: 'REQUEST', content: ics(`${id}@corpus.example`, 1 + (i % 27)) } } : {}
      push({ lang, label: template.label, posting: posting?.slug ?? null, kind, ics: !!template.ics, mail: { from, subject, text: body, ...attachment } }, id)
      if (posting && !firstOf.has(posting.slug)) firstOf.set(posting.slug, `<${id}@corpus.example>`)
      // Every fifth: the candidate forwards it to their hosted address.
      if (i % 5 === 2) {
        const f = FORWARD[lang]
        const text = `${f.note}\n\n${f.opener}\n${f.from}: ${from.replace(/"/g, '')}\n${f.date}: Mon, 3 Nov 2026 09:12\n${f.subject}: ${subject}\n${f.to}: ${CANDIDATE.name} <${CANDIDATE.address}>\n\n${body}`
        push({ lang, label: template.label, posting: posting?.slug ?? null, kind: 'forwarded', ics: false, mail: { from: `${CANDIDATE.name} <${CANDIDATE.address}>`, subject: `Fwd: ${subject}`, text } }, `${id}-fwd`)
      }
      // Every fourth of the application mail: a recruiter answers in the thread from a private
      // address, the candidate's earlier words quoted below.
      if (posting && i % 4 === 3 && template.label !== 'other') {
        const who = `${CANDIDATE.name} <${CANDIDATE.address}>`
        const text = `${body}\n\n${QUOTED[lang](who)}`
        const thread = firstOf.get(posting.slug)!
        push(
          { lang, label: template.label, posting: posting.slug, kind: 'reply', ics: false, mail: { from: `${posting.recruiter} <${personal(posting.recruiter) || 'recruiter'}.hr@gmail.example>`, subject: `Re: ${subject}`, text, inReplyTo: thread, references: [thread] } },
          `${id}-re`,
        )
      }
    })
  }
  return items
}
