import { test } from 'node:test'
import assert from 'node:assert/strict'
import { parseInvitation } from '../../src/inbox/calendar.ts'

test('an invitation with a TZID start, folded lines and escapes reads as a UTC instant with its meeting link', () => {
  const ics = [
    'BEGIN:VCALENDAR', 'METHOD:REQUEST', 'BEGIN:VTIMEZONE', 'TZID:Europe/Berlin', 'END:VTIMEZONE', 'BEGIN:VEVENT',
    'UID:abc-123@ats.example', 'DTSTART;TZID=Europe/Berlin:20260715T100000', 'DTEND;TZID="Europe/Berlin":20260715T110000',
    'SUMMARY:Interview\\, Backend Engineer', 'DESCRIPTION:Join: https://acme.zoom.us/j/123', ' 456?pwd=x\\nSee you', 'END:VEVENT', 'END:VCALENDAR',
  ].join('\r\n')
  assert.deepEqual(parseInvitation(ics), {
    uid: 'abc-123@ats.example',
    startsAt: '2026-07-15T08:00:00.000Z',
    endsAt: '2026-07-15T09:00:00.000Z',
    title: 'Interview, Backend Engineer',
    joinUrl: 'https://acme.zoom.us/j/123456?pwd=x',
    cancelled: false,
  })
  // Winter time in the same zone is one hour ahead of UTC.
  assert.equal(parseInvitation(ics.replace(/202607/g, '202601'))!.startsAt, '2026-01-15T09:00:00.000Z')
})

test('a cancellation is marked; an event without UID or start is no invitation', () => {
  const cancel = 'BEGIN:VCALENDAR\r\nMETHOD:CANCEL\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20261203T140000Z\r\nEND:VEVENT\r\nEND:VCALENDAR'
  assert.equal(parseInvitation(cancel)!.cancelled, true)
  assert.equal(parseInvitation(cancel.replace('METHOD:CANCEL', 'METHOD:REQUEST').replace('UID:x', 'UID:x\r\nSTATUS:CANCELLED'))!.cancelled, true)
  assert.equal(parseInvitation('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20261203T140000Z\r\nEND:VEVENT'), undefined)
  assert.equal(parseInvitation('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:y\r\nDTSTART:not-a-date\r\nEND:VEVENT'), undefined)
  assert.equal(parseInvitation('no calendar at all'), undefined)
})
