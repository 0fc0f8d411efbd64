import { h } from './dom.ts'

/**
 * Plain SVG charts for the insights page: horizontal bars, ranges (p25–p75 with a p50 mark) and
 * diverging columns (added up, removed down). Three shapes did not justify a chart library. Every
 * chart is an image with a text title; the numbers are also in a table beside it (chartFigure), so
 * screen readers and keyboard users read the data, not the picture. Colours come from CSS classes:
 * the page's content security policy allows no inline styles.
 */
const SVG = 'http://www.w3.org/2000/svg'
type SvgAttrs = Record<string, string | number>

function svg(tag: string, attrs: SvgAttrs = {}, ...children: (SVGElement | string)[]): SVGElement {
  const element = document.createElementNS(SVG, tag) as SVGElement
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value))
  for (const child of children) element.append(child)
  return element
}

function chartRoot(width: number, height: number, title: string): SVGElement {
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, width: '100%', role: 'img', 'aria-label': title, class: 'chart' })
  root.append(svg('title', {}, title))
  return root
}

export interface Bar {
  label: string
  value: number
  /** Shown after the bar (e.g. "11 open · +6"). */
  note: string
}

const BAR_HEIGHT = 22
const LABEL_WIDTH = 150
const NOTE_WIDTH = 120

/** One row per item, bars from a zero line (negative values go left of it). */
export function barChart(bars: Bar[], title: string, width = 560): SVGElement {
  const height = Math.max(1, bars.length) * (BAR_HEIGHT + 6) + 6
  const root = chartRoot(width, height, title)
  const low = Math.min(0, ...bars.map((bar) => bar.value))
  const high = Math.max(1, ...bars.map((bar) => bar.value))
  const plot = width - LABEL_WIDTH - NOTE_WIDTH
  const x = (value: number) => LABEL_WIDTH + ((value - low) / (high - low)) * plot
  bars.forEach((bar, i) => {
    const y = 6 + i * (BAR_HEIGHT + 6)
    const [from, to] = bar.value < 0 ? [x(bar.value), x(0)] : [x(0), x(bar.value)]
    root.append(
      svg('text', { x: LABEL_WIDTH - 8, y: y + BAR_HEIGHT / 2, class: 'chart-label', 'text-anchor': 'end', 'dominant-baseline': 'middle' }, bar.label),
      svg('rect', { x: from, y, width: Math.max(1, to - from), height: BAR_HEIGHT, rx: 3, class: bar.value < 0 ? 'bar bar-down' : 'bar' }),
      svg('text', { x: Math.max(x(bar.value), x(0)) + 6, y: y + BAR_HEIGHT / 2, class: 'chart-note', 'dominant-baseline': 'middle' }, bar.note),
    )
  })
  if (low < 0) root.append(svg('line', { x1: x(0), x2: x(0), y1: 0, y2: height, class: 'axis' }))
  return root
}

export interface Range {
  label: string
  low: number
  mid: number
  high: number
  note: string
}

/** One row per item: a band from low to high with a mark at mid, on a shared scale. */
export function rangeChart(ranges: Range[], title: string, width = 560): SVGElement {
  const height = Math.max(1, ranges.length) * (BAR_HEIGHT + 6) + 6
  const root = chartRoot(width, height, title)
  const low = Math.min(...ranges.map((range) => range.low)) * 0.9
  const high = Math.max(...ranges.map((range) => range.high)) * 1.02
  const plot = width - LABEL_WIDTH - NOTE_WIDTH
  const x = (value: number) => LABEL_WIDTH + ((value - low) / Math.max(1, high - low)) * plot
  ranges.forEach((range, i) => {
    const y = 6 + i * (BAR_HEIGHT + 6)
    root.append(
      svg('text', { x: LABEL_WIDTH - 8, y: y + BAR_HEIGHT / 2, class: 'chart-label', 'text-anchor': 'end', 'dominant-baseline': 'middle' }, range.label),
      svg('rect', { x: x(range.low), y: y + 4, width: Math.max(2, x(range.high) - x(range.low)), height: BAR_HEIGHT - 8, rx: 3, class: 'band' }),
      svg('rect', { x: x(range.mid) - 1.5, y, width: 3, height: BAR_HEIGHT, class: 'band-mid' }),
      svg('text', { x: x(range.high) + 6, y: y + BAR_HEIGHT / 2, class: 'chart-note', 'dominant-baseline': 'middle' }, range.note),
    )
  })
  return root
}

export interface Column {
  label: string
  up: number
  down: number
}

/** Columns over time: `up` above the zero line, `down` below it; a few labels along the bottom. */
export function divergingColumns(columns: Column[], title: string, width = 720, height = 220): SVGElement {
  const root = chartRoot(width, height, title)
  const top = Math.max(1, ...columns.map((column) => column.up))
  const bottom = Math.max(1, ...columns.map((column) => column.down))
  const plotHeight = height - 24
  const zero = (top / (top + bottom)) * plotHeight
  const step = width / Math.max(1, columns.length)
  const labelEvery = Math.ceil(columns.length / 6)
  columns.forEach((column, i) => {
    const x = i * step + step * 0.1
    const w = Math.max(1, step * 0.8)
    const upHeight = (column.up / top) * zero
    const downHeight = (column.down / bottom) * (plotHeight - zero)
    if (column.up) root.append(svg('rect', { x, y: zero - upHeight, width: w, height: upHeight, class: 'bar' }))
    if (column.down) root.append(svg('rect', { x, y: zero, width: w, height: downHeight, class: 'bar bar-down' }))
    if (i % labelEvery === 0) root.append(svg('text', { x: i * step, y: height - 6, class: 'chart-note' }, column.label))
  })
  root.append(svg('line', { x1: 0, x2: width, y1: zero, y2: zero, class: 'axis' }))
  return root
}

/** A chart with its caption and the same numbers as a table (visible on request, always in the page). */
export function chartFigure(id: string, caption: string, chart: Element, headers: string[], rows: (string | number)[][]): HTMLElement {
  return h(
    'figure',
    { class: 'insight', id, 'aria-labelledby': `${id}-caption` },
    h('figcaption', { id: `${id}-caption` }, caption),
    chart,
    h(
      'details',
      { class: 'insight-table' },
      h('summary', {}, 'Show the numbers as a table'),
      h('table', {}, h('caption', { class: 'sr-only' }, caption), h('thead', {}, h('tr', {}, headers.map((name) => h('th', { scope: 'col' }, name)))), h('tbody', {}, rows.map((row) => h('tr', {}, row.map((cell, i) => (i === 0 ? h('th', { scope: 'row' }, String(cell)) : h('td', {}, String(cell)))))))),
    ),
  )
}
