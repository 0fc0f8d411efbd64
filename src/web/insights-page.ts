import { getJson } from './api.ts'
import { barChart, chartFigure, divergingColumns, rangeChart } from './charts.ts'
import { h, replaceChildren } from './dom.ts'
import { formatCount, humanize } from './format.ts'

/**
 * /insights: what the market is doing, drawn from the insights API: postings added and closed per
 * week, the skills most asked for with their 30-day growth, salary ranges by seniority, and the
 * companies growing fastest. Each chart has its table (src/web/charts.ts).
 */
interface VelocityPoint { period: string; added: number; removed: number }
interface SkillRow { skill: string; open_count: number; growth: number }
interface SalaryRow { seniority: string; currency: string; period: string; sample_size: number; p25: number; p50: number; p75: number }
interface CompanyRow { company_slug: string; company_name: string; open_now: number; open_prev_30d: number; growth_30d: number }

export const INSIGHT_REQUESTS = {
  velocity: '/insights/velocity?granularity=week',
  skills: '/insights/skills?limit=12',
  salary: '/insights/salary',
  companies: '/insights/companies?limit=10',
} as const

const signed = (n: number) => (n > 0 ? `+${formatCount(n)}` : n < 0 ? `−${formatCount(-n)}` : '0')
const PERIOD_WORD: Record<string, string> = { year: 'per year', month: 'per month', week: 'per week', day: 'per day', hour: 'per hour' }

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }).format(amount)
  } catch {
    return `${formatCount(amount)} ${currency}`
  }
}

function velocityFigure(points: VelocityPoint[]): HTMLElement {
  const added = points.reduce((sum, p) => sum + p.added, 0)
  const removed = points.reduce((sum, p) => sum + p.removed, 0)
  const caption = `Postings added and closed per week, last 52 weeks: ${formatCount(added)} added, ${formatCount(removed)} closed`
  const chart = divergingColumns(points.map((p) => ({ label: p.period.slice(5), up: p.added, down: p.removed })), caption)
  const figure = chartFigure('velocity', caption, chart, ['Week of', 'Added', 'Closed'], points.map((p) => [p.period, p.added, p.removed]))
  figure.querySelector('svg')!.after(h('p', { class: 'chart-legend', 'aria-hidden': 'true' }, h('span', { class: 'swatch swatch-up' }), 'added (first seen)', h('span', { class: 'swatch swatch-down' }), 'closed'))
  return figure
}

function skillsFigure(skills: SkillRow[]): HTMLElement {
  const caption = 'Skills most asked for in open postings, with the change over 30 days'
  const chart = barChart(skills.map((s) => ({ label: s.skill, value: s.open_count, note: `${formatCount(s.open_count)} · ${signed(s.growth)}` })), caption)
  return chartFigure('skills', caption, chart, ['Skill', 'Open postings', 'Change over 30 days'], skills.map((s) => [s.skill, s.open_count, signed(s.growth)]))
}

function salaryFigure(rows: SalaryRow[]): HTMLElement {
  // The chart shows the currency and period with the most postings; the table shows every bucket.
  const samples = new Map<string, number>()
  for (const row of rows) samples.set(`${row.currency} ${row.period}`, (samples.get(`${row.currency} ${row.period}`) ?? 0) + row.sample_size)
  const [top] = [...samples.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['']
  const shown = rows.filter((row) => `${row.currency} ${row.period}` === top)
  const [currency, period] = top.split(' ')
  const caption = shown.length
    ? `Salary ranges by seniority, ${currency} ${PERIOD_WORD[period!] ?? period}: middle half of stated salaries, mark at the median`
    : 'Salary ranges by seniority: not enough postings state a salary yet'
  const chart = rangeChart(shown.map((row) => ({ label: humanize(row.seniority), low: row.p25, mid: row.p50, high: row.p75, note: `${money(row.p50, row.currency)} · ${row.sample_size}` })), caption)
  return chartFigure('salary', caption, chart, ['Seniority', 'Currency', 'Period', 'Postings', '25th percentile', 'Median', '75th percentile'],
    rows.map((row) => [humanize(row.seniority), row.currency, row.period, row.sample_size, row.p25, row.p50, row.p75]))
}

function companiesFigure(companies: CompanyRow[]): HTMLElement {
  const caption = 'Companies hiring fastest: change in open postings over 30 days'
  const chart = barChart(companies.map((c) => ({ label: c.company_name, value: c.growth_30d, note: `${signed(c.growth_30d)} · ${formatCount(c.open_now)} open` })), caption)
  const table = chartFigure('companies', caption, chart, ['Company', 'Open now', 'Open 30 days ago', 'Change'], companies.map((c) => [c.company_name, c.open_now, c.open_prev_30d, signed(c.growth_30d)]))
  table.append(h('ul', { class: 'insight-links' }, companies.map((c) => h('li', {}, h('a', { href: `/companies/${encodeURIComponent(c.company_slug)}` }, c.company_name)))))
  return table
}

export function renderInsightsPage(root: HTMLElement): void {
  document.title = 'Insights: the job market · openroles'
  const grid = h('div', { class: 'insights-grid', 'aria-busy': 'true' }, Array.from({ length: 4 }, () => h('div', { class: 'insight bone bone-chart' })))
  replaceChildren(
    root,
    h('article', { class: 'insights-page' },
      h('h1', {}, 'Insights'),
      h('p', { class: 'insights-intro' }, 'What the catalogue’s open postings say about the market, updated with every import.'),
      grid),
  )
  Promise.all([
    getJson<VelocityPoint[]>(INSIGHT_REQUESTS.velocity),
    getJson<SkillRow[]>(INSIGHT_REQUESTS.skills),
    getJson<SalaryRow[]>(INSIGHT_REQUESTS.salary),
    getJson<CompanyRow[]>(INSIGHT_REQUESTS.companies),
  ])
    .then(([velocity, skills, salary, companies]) => {
      replaceChildren(grid, velocityFigure(velocity.data), skillsFigure(skills.data), salaryFigure(salary.data), companiesFigure(companies.data))
      grid.removeAttribute('aria-busy')
    })
    .catch((error: Error) => {
      replaceChildren(grid, h('p', { role: 'alert' }, `Insights could not be loaded: ${error.message}`))
      grid.removeAttribute('aria-busy')
    })
}
