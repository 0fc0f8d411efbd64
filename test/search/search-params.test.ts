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

test('text queries quote every token and prefix the last', () => {
  assert.deepEqual(parseTextQuery('Senior "Go" NEAR(c++ -x:y*'), {
    words: ['senior', 'go', 'near', 'c++', 'x'],
    prefix: 'y',
    match: '"senior" "go" "near" "c++" "x" "y"*',
    terms: ['"senior"', '"go"', '"near"', '"c++"', '"x"', '"y"*'],
  })
  assert.equal(parseTextQuery('"()*^:-'), null)
  assert.equal(parseTextQuery(''), null)
  assert.deepEqual(parseTextQuery('Zürich')?.match, '"zurich"*')
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
