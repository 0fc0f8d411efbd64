import { test } from 'node:test'
import assert from 'node:assert/strict'
import { addValue, facetsQuery, queryString, setParam, toggleValue, valuesOf } from '../../src/web/query.ts'
import { applySuggestion } from '../../src/web/suggestion.ts'

const params = (text: string) => new URLSearchParams(text)

test('facet values are read from repeated and comma-separated forms alike', () => {
  assert.deepEqual(valuesOf(params('skills=rust,go&skills=python'), 'skills'), ['rust', 'go', 'python'])
  assert.deepEqual(valuesOf(params('q=a'), 'skills'), [])
})

test('toggling a value adds or removes it in the repeated form and returns to the first page', () => {
  assert.equal(toggleValue(params('work_mode=remote&offset=20'), 'work_mode', 'hybrid').toString(), 'work_mode=remote&work_mode=hybrid')
  assert.equal(toggleValue(params('work_mode=remote,hybrid'), 'work_mode', 'remote').toString(), 'work_mode=hybrid')
  assert.equal(addValue(params('cities=Berlin'), 'cities', 'Berlin').toString(), 'cities=Berlin')
  assert.equal(setParam(params('salary_min=5&offset=10'), 'salary_min', null).toString(), '')
})

test('the facets call keeps every filter, drops paging and asks for disjunctive counts', () => {
  assert.equal(facetsQuery(params('q=rust&work_mode=remote&limit=10&offset=20&sort=posted_at&order=asc&facets=skills')), 'q=rust&work_mode=remote&disjunctive=true')
  assert.equal(queryString(params('')), '')
  assert.equal(queryString(params('q=a b')), '?q=a+b')
})

test('a picked suggestion turns facet parts into filters and the other words into q', () => {
  const picked = applySuggestion(params('q=ru&offset=10&work_mode=remote'), {
    text: 'Rust in Berlin',
    parts: [{ kind: 'skill', slug: 'rust', text: 'Rust' }, { kind: 'text', text: 'engineer' }, { kind: 'city', slug: 'Berlin', text: 'Berlin' }],
    jobs: 3,
  })
  assert.equal(picked.toString(), 'q=engineer&work_mode=remote&skills=rust&cities=Berlin')
  const title = applySuggestion(params('q=ba'), { text: 'Backend Engineer', parts: [{ kind: 'title', text: 'Backend Engineer' }], jobs: 9 })
  assert.equal(title.toString(), 'q=Backend+Engineer')
  const skillOnly = applySuggestion(params('q=ru'), { text: 'Rust', parts: [{ kind: 'skill', slug: 'rust', text: 'Rust' }], jobs: 9 })
  assert.equal(skillOnly.toString(), 'skills=rust')
})
