/**
 * `npm run bench:cv`: CV PDF render time. Typesets a two-page CV (classic-ats) and a one-page CV
 * in every template through the same function the PDF route calls, after one warm-up render that
 * loads the fonts, and reports p50 / p99 wall and CPU time. Each sample changes the summary, as
 * every real request differs: Typst memoises identical inputs, which would time a cache hit.
 * BENCH_CV_SAMPLES sets the sample count.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { renderCvPdf } from '../src/cv/render.ts'
import { sanitizeDocument } from '../src/cv/document.ts'
import { TEMPLATE_IDS } from '../src/cv/catalog.ts'
import type { CvRow } from '../src/cv/store.ts'

const SAMPLES = Number(process.env.BENCH_CV_SAMPLES ?? 40)
const percentile = (samples: number[], p: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)]!

const role = (i: number) => ({ role: `Engineer ${i}`, company: `Company ${i}`, start: `${2010 + i}`, end: `${2011 + i}`, bullets: Array.from({ length: 5 }, (_, b) => `Achievement ${b + 1} of role ${i}, written out as a full sentence about the work and its result.`), stack: ['Go', 'PostgreSQL'] })
const document = (roles: number, sample: number) =>
  sanitizeDocument({ header: { full_name: 'Łukasz Weiß', email: 'l@example.org', phone: '+49 30 1234', location: 'Berlin', links: ['https://github.com/l'] }, summary: `Backend engineer, version ${sample}.`, experience: Array.from({ length: roles }, (_, i) => role(i)), education: [{ institution: 'TU Berlin', degree: 'MSc' }], skills: [{ group: 'Backend', items: ['Go', 'TypeScript'] }], languages: [{ name: 'German', level: 'C1' }] }, { bullets: 20 })
const row = (template: string, roles: number, sample = 0) => ({ id: 'bench', title: 'CV', template_id: template, document: JSON.stringify(document(roles, sample)) }) as CvRow

function measure(make: (sample: number) => Buffer) {
  const wall: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now()
    const usage = process.cpuUsage()
    make(i + 1)
    const used = process.cpuUsage(usage)
    wall.push(performance.now() - started)
    cpu.push((used.user + used.system) / 1000)
  }
  return `p50 ${percentile(wall, 50).toFixed(1)} ms, p99 ${percentile(wall, 99).toFixed(1)} ms (CPU p50 ${percentile(cpu, 50).toFixed(1)} ms)`
}

const warm = performance.now()
renderCvPdf(row('classic-ats', 1))
console.log(`first render (loads the fonts): ${(performance.now() - warm).toFixed(0)} ms`)
const twoPages = row('classic-ats', 8)
const file = join(mkdtempSync(join(tmpdir(), 'bench-cv-')), 'two.pdf')
writeFileSync(file, renderCvPdf(twoPages))
const pages = /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))?.[1]
console.log(`classic-ats, ${pages} pages: ${measure((i) => renderCvPdf(row('classic-ats', 8, i)))}`)
for (const template of TEMPLATE_IDS) console.log(`${template}, 1 page: ${measure((i) => renderCvPdf(row(template, 2, i)))}`)
