/**
 * Enrichment quality on the labelled corpus (test/ingest/corpus/): precision and recall per field.
 * `npm run bench:enrichment` prints the table; `-- --misses` also lists every disagreement, so a rule
 * change can be checked case by case. Figures are recorded in bench/RESULTS.md.
 *
 * - work mode: a prediction is right when it equals the label; null predictions are not counted in
 *   precision, null labels not in recall; agreement counts nulls too.
 * - place: the countries found, or the regions when no country is (what a reader takes from the
 *   posting); right when the set equals the label's.
 * - salary: right only when min, max, currency and period all equal the label's.
 * - skills: micro-averaged over every (posting, skill) pair.
 */
import { findSkill } from '../src/vocabulary/skills.ts'
import { enrichPosting } from '../src/ingest/enrich.ts'
import { boilerplateOf } from '../src/ingest/boilerplate.ts'
import { descriptionToHtml, htmlToText } from '../src/ingest/sanitize.ts'
import { corpus, heldOut } from '../test/ingest/corpus/index.ts'
import type { Labels } from '../test/ingest/corpus/labelled.ts'
import type { RawPosting } from '../src/ingest/raw-posting.ts'
import { boardApiCases } from '../test/ingest/corpus/board-apis.ts'
import { boardApiHeldOut, boardApiHeldOutSecond } from '../test/ingest/corpus/board-apis-held-out.ts'
import { boardPostings, type BoardPosting } from '../test/ingest/corpus/board-run.ts'

export interface FieldScore {
  field: string
  precision: number
  recall: number
  note: string
}

interface Counts {
  right: number
  predicted: number
  labelled: number
}

/** Each employer's boilerplate, read from its postings in the set as an import batch reads it. */
function boilerplateByCompany(raws: RawPosting[]): Map<string, ReadonlySet<string>> {
  const texts = new Map<string, string[]>()
  for (const raw of raws) texts.set(raw.company.slug, [...(texts.get(raw.company.slug) ?? []), htmlToText(descriptionToHtml(raw.description))])
  return new Map([...texts].map(([slug, list]) => [slug, boilerplateOf(list)]))
}

const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b)
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x))

export function scoreEnrichment(items: { id: string; raw: RawPosting; labels: Labels }[], onMiss?: (id: string, field: string, want: unknown, got: unknown) => void): { scores: FieldScore[]; postings: number } {
  const counts: Record<'workMode' | 'place' | 'salary' | 'skills', Counts> = {
    workMode: { right: 0, predicted: 0, labelled: 0 },
    place: { right: 0, predicted: 0, labelled: 0 },
    salary: { right: 0, predicted: 0, labelled: 0 },
    skills: { right: 0, predicted: 0, labelled: 0 },
  }
  let modeAgree = 0
  // The recall goal is over skills the vocabulary has: count those apart from all named ones.
  const inVocabulary = { right: 0, labelled: 0 }
  const boilerplate = boilerplateByCompany(items.map((item) => item.raw))
  for (const { id, raw, labels } of items) {
    const job = enrichPosting(raw, { now: new Date('2026-11-02T00:00:00.000Z'), boilerplate: boilerplate.get(raw.company.slug) })
    const got: Labels = {
      workMode: job.workMode ?? null,
      place: job.countries?.length ? job.countries : (job.regions ?? []),
      salary: job.salaryMin != null || job.salaryMax != null
        ? { min: job.salaryMin ?? null, max: job.salaryMax ?? null, currency: job.salaryCurrency ?? null, period: job.salaryPeriod as 'year' }
        : null,
      skills: (job.skills ?? []).map((s) => s.slug),
    }
    const c = counts.workMode
    if (got.workMode === labels.workMode) modeAgree++
    else onMiss?.(id, 'work mode', labels.workMode, got.workMode)
    if (got.workMode) c.predicted++
    if (labels.workMode) c.labelled++
    if (got.workMode && got.workMode === labels.workMode) c.right++

    const p = counts.place
    if (got.place.length) p.predicted++
    if (labels.place.length) p.labelled++
    if (got.place.length && sameSet(got.place, labels.place)) p.right++
    if (!sameSet(got.place, labels.place)) onMiss?.(id, 'place', labels.place, got.place)

    const s = counts.salary
    if (got.salary) s.predicted++
    if (labels.salary) s.labelled++
    const exact = JSON.stringify(got.salary) === JSON.stringify(labels.salary)
    if (got.salary && exact) s.right++
    if (!exact) onMiss?.(id, 'salary', labels.salary, got.salary)

    const k = counts.skills
    k.predicted += got.skills.length
    k.labelled += labels.skills.length
    k.right += got.skills.filter((slug) => labels.skills.includes(slug)).length
    for (const slug of labels.skills.filter((slug) => findSkill(slug)?.slug === slug)) {
      inVocabulary.labelled++
      if (got.skills.includes(slug)) inVocabulary.right++
    }
    const extra = got.skills.filter((slug) => !labels.skills.includes(slug))
    const missed = labels.skills.filter((slug) => !got.skills.includes(slug))
    if (extra.length || missed.length) onMiss?.(id, 'skills', `missed ${missed.join(',') || '-'}`, `extra ${extra.join(',') || '-'}`)
  }
  const score = (field: string, key: keyof typeof counts, note: string): FieldScore => ({
    field,
    precision: ratio(counts[key].right, counts[key].predicted),
    recall: ratio(counts[key].right, counts[key].labelled),
    note,
  })
  return {
    postings: items.length,
    scores: [
      score('work mode', 'workMode', `agreement ${(modeAgree / items.length).toFixed(3)} (nulls included)`),
      score('place', 'place', `${counts.place.labelled} postings name a place`),
      score('salary (exact)', 'salary', `${counts.salary.labelled} postings state a salary`),
      score('skills', 'skills', `${counts.skills.labelled} labelled skill mentions; recall of in-vocabulary ones ${ratio(inVocabulary.right, inVocabulary.labelled).toFixed(3)} (${inVocabulary.labelled})`),
    ],
  }
}

export interface BoardScore {
  /** Pairs of postings of one board, and how many of them are one job by the labels. */
  pairs: number
  sameJob: number
  /** Two different jobs given one role key (one card hides the other). */
  wronglyMerged: number
  /** One job given two role keys (a repost or another place shown as a second card). */
  wronglySplit: number
  /** Postings whose employer or title differs from the label's. */
  employerOrTitleWrong: number
}

/** Role keys and employer/title of board-shaped postings against their labels. */
export function scoreBoards(items: BoardPosting[], onMiss?: (id: string, field: string, want: unknown, got: unknown) => void): BoardScore {
  const score: BoardScore = { pairs: 0, sameJob: 0, wronglyMerged: 0, wronglySplit: 0, employerOrTitleWrong: 0 }
  const boilerplate = boilerplateByCompany(items.map((item) => item.raw))
  const jobs = items.map((item) => ({ item, job: enrichPosting(item.raw, { now: new Date('2026-11-10T00:00:00.000Z'), boilerplate: boilerplate.get(item.raw.company.slug) }) }))
  for (const { item, job } of jobs) {
    const { company, title } = item.labels
    if ((company && job.company.name !== company) || (title && job.title !== title)) {
      score.employerOrTitleWrong++
      onMiss?.(item.id, 'employer/title', `${company ?? '-'} / ${title ?? '-'}`, `${job.company.name} / ${job.title}`)
    }
  }
  for (let i = 0; i < jobs.length; i++) {
    for (let j = i + 1; j < jobs.length; j++) {
      const [a, b] = [jobs[i]!, jobs[j]!]
      if (a.item.board !== b.item.board) continue
      score.pairs++
      const same = a.item.labels.job === b.item.labels.job
      if (same) score.sameJob++
      const keyed = a.job.clusterKey === b.job.clusterKey
      if (keyed && !same) {
        score.wronglyMerged++
        onMiss?.(`${a.item.id}+${b.item.id}`, 'role key', 'two jobs', `one key ${a.job.clusterKey}`)
      }
      if (same && !keyed) {
        score.wronglySplit++
        onMiss?.(`${a.item.id}+${b.item.id}`, 'role key', 'one job', `${a.job.clusterKey} / ${b.job.clusterKey}`)
      }
    }
  }
  return score
}

function printTable(label: string, items: { id: string; raw: RawPosting; labels: Labels }[], onMiss?: (id: string, field: string, want: unknown, got: unknown) => void): void {
  const { scores, postings } = scoreEnrichment(items, onMiss)
  console.log(`\nEnrichment on ${label} (${postings} postings)\n`)
  console.log('| field | precision | recall | |')
  console.log('|---|---|---|---|')
  for (const s of scores) console.log(`| ${s.field} | ${s.precision.toFixed(3)} | ${s.recall.toFixed(3)} | ${s.note} |`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const verbose = process.argv.includes('--misses')
  const onMiss = verbose ? (id: string, field: string, want: unknown, got: unknown) => console.log(`${id}\t${field}\twant ${JSON.stringify(want)}\tgot ${JSON.stringify(got)}`) : undefined
  for (const [label, items] of [['the labelled corpus', corpus()], ['the held-out postings (not tuned on)', heldOut()]] as const) printTable(label, items, onMiss)
  for (const [label, cases] of [['board API shapes', boardApiCases()], ['board API shapes, held out (not tuned on)', boardApiHeldOut()], ['board API shapes, second held-out part (written after every rule)', boardApiHeldOutSecond()]] as const) {
    const items = await boardPostings(cases)
    printTable(label, items, onMiss)
    const b = scoreBoards(items, onMiss)
    console.log(`| role key | ${b.pairs} pairs within a board, ${b.sameJob} of one job | wrongly merged ${b.wronglyMerged} | wrongly split ${b.wronglySplit} | employer/title wrong ${b.employerOrTitleWrong} |`)
  }
}
