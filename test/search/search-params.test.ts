import { test } from 'node:test'
import assert from 'node:assert/strict'
import { parseSearchParams, filtersKey, SearchInputError } from '../../src/search/search-params.ts'
import { parseTextQuery } from '../../src/search/text-tokens.ts'

const parse = (query: string, withoutFacets: ('skills')[] = []) => parseSearchParams(new URLSearchParams(query), { endpointParams: ['q', 'limit'], withoutFacets })

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
