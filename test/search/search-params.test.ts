import { test } from 'node:test'
import assert from 'node:assert/strict'
import { parseJobQuery, filtersKey, SearchInputError } from '../../src/search/search-params.ts'
import { parseTextQuery } from '../../src/search/text-tokens.ts'

const parse = (query: string, withoutFacets: ('skills')[] = []) => {
  const { q: _q, ...parsed } = parseJobQuery(new URLSearchParams(query), { maxQueryLength: 50, endpointParams: ['limit'], withoutFacets })
  return parsed
}

test('facet values: repeated and comma-separated, trimmed, deduplicated; countries lowercased', () => {
  assert.deepEqual(parse('skills=go,%20react&skills=go&countries=DE,gb').filters, {
    facets: {
      skills: { values: ['go', 'react'], mode: 'or', exclude: [] },
      countries: { values: ['de', 'gb'], mode: 'or', exclude: [] },
    },
  })
})

test('mode, exclude, numbers and booleans', () => {
  assert.deepEqual(parse('skills=a,b&skills_mode=AND&work_mode_exclude=onsite&salary_min=10&visa_sponsorship=0&requires_clearance=true').filters, {
    facets: { skills: { values: ['a', 'b'], mode: 'and', exclude: [] }, work_mode: { values: [], mode: 'or', exclude: ['onsite'] } },
    salaryMin: 10,
    visaSponsorship: false,
    requiresClearance: true,
  })
})

test('endpoint parameters are neither filters nor ignored; facets left out are reported', () => {
  assert.deepEqual(parse('q=x&limit=5'), { filters: { facets: {} } })
  assert.deepEqual(parse('skills=go&work_mode=remote', ['skills']), {
    filters: { facets: { work_mode: { values: ['remote'], mode: 'or', exclude: [] } } },
    ignored: [{ param: 'skills' }],
  })
})

test('malformed values throw SearchInputError without the input', () => {
  for (const query of ['salary_min=x1', 'salary_min=1&salary_min=2', 'skills_mode=nand', 'requires_clearance=yes', 'open_within_days=36501']) {
    assert.throws(() => parse(query), (error: Error) => error instanceof SearchInputError && !error.message.includes('x1') && !error.message.includes('nand'), query)
  }
})

test('filtersKey ignores value order', () => {
  assert.equal(filtersKey(parse('skills=a,b&regions=eu').filters), filtersKey(parse('regions=eu&skills=b&skills=a').filters))
  assert.notEqual(filtersKey(parse('skills=a,b').filters), filtersKey(parse('skills=a,b&skills_mode=and').filters))
})

test('q is read into clauses: phrases, exclusions, hyphenated terms as phrases, the last plain word as a prefix', () => {
  const text = parseTextQuery('Senior "Data  Engineer" -remote front-end NEAR(c++ -"on call" title:kube')!
  const shown = (term: { tokens: string[]; prefix: boolean }) => term.tokens.join(' ') + (term.prefix ? '*' : '')
  assert.deepEqual(text.clauses.map((clause) => clause.terms.map(shown)), [['senior'], ['data engineer'], ['front end'], ['near'], ['c++'], ['title'], ['kube*']])
  assert.deepEqual(text.clauses.map((clause) => clause.quoted), [false, true, false, false, false, false, false])
  assert.deepEqual(text.excluded.map(shown), ['remote', 'on call'])
  assert.equal(text.clauses[2]!.spelling, 'front end')
  // A technology name with punctuation is matched whole, never as a prefix.
  assert.deepEqual(parseTextQuery('.NET')!.clauses.map((clause) => [clause.spelling, clause.terms.map(shown)]), [['.net', ['net']]])
  assert.deepEqual(parseTextQuery('node.js')!.clauses[0]!.terms.map(shown), ['node js'])
  assert.equal(parseTextQuery('"()*^:-'), null)
  assert.equal(parseTextQuery('-'), null)
  assert.equal(parseTextQuery(''), null)
  assert.deepEqual(parseTextQuery('Zürich')!.clauses[0]!.terms.map(shown), ['zurich*'])
  assert.deepEqual(parseTextQuery('-python')!.clauses, [])
  // Without operators (the benchmark's baseline) every token is a word, as before.
  const plain = parseTextQuery('go -python "x', { operators: false })!
  assert.deepEqual(plain.clauses.map((clause) => clause.terms.map(shown)), [['go'], ['python'], ['x*']])
  assert.deepEqual(plain.excluded, [])
})

test('q, sort and order: one reader for every job query', () => {
  const read = (query: string, sorted = true) => parseJobQuery(new URLSearchParams(query), { maxQueryLength: 10, sorted })
  assert.deepEqual(read('q=%20go%20&sort=salary_min&order=asc'), { q: 'go', filters: { facets: {} }, sort: 'salary_min', order: 'asc' })
  assert.deepEqual(read('q=%20&order=asc'), { filters: { facets: {} } })
  assert.deepEqual(read('sort=posted_at', false), { filters: { facets: {} }, ignored: [{ param: 'sort' }] })
  for (const query of ['q=abcdefghijkl', 'q=a&q=b', 'sort=relevance', 'sort=posted_at&order=up']) {
    assert.throws(() => read(query), (error: Error) => error instanceof SearchInputError && !error.message.includes('abcdefghijkl') && !error.message.includes('relevance'), query)
  }
})
