import { test } from 'node:test'
import assert from 'node:assert/strict'
import { findCity, searchCities } from '../../src/vocabulary/cities.ts'

test('findCity resolves case, accents, alternate names and short forms to the canonical name', () => {
  assert.equal(findCity('munchen')?.name, 'Munich')
  assert.equal(findCity('MÜNCHEN')?.country, 'de')
  assert.equal(findCity('nyc')?.name, 'New York City')
  assert.equal(findCity('Bangalore')?.name, 'Bengaluru')
  assert.equal(findCity('Kiev')?.name, 'Kyiv')
  assert.equal(findCity('Москва')?.name, 'Moscow')
  assert.equal(findCity('Atlantis of the Deep'), null)
})

test('an ambiguous name picks the most populous place, or the one in the stated country', () => {
  assert.deepEqual(findCity('London'), { name: 'London', country: 'gb', population: findCity('London')!.population })
  assert.equal(findCity('London', 'CA')?.country, 'ca')
  assert.equal(findCity('Paris', 'us')?.country, 'us')
})

test('searchCities ranks matches by population and match kind, and can be limited to a country', () => {
  const ber = searchCities('ber', null, 3)
  assert.equal(ber[0]?.name, 'Berlin')
  assert.equal(ber.length, 3)
  assert.equal(new Set(ber.map((c) => c.name)).size, 3)
  assert.deepEqual(searchCities('york', null, 2).map((c) => c.name), ['New York City', 'York'], 'a big city matched by a later word ranks by population')
  const us = searchCities('san', 'us', 5)
  assert.ok(us.length === 5 && us.every((c) => c.country === 'us'))
  assert.equal(searchCities('munch', null, 1)[0]?.name, 'Munich')
  assert.deepEqual(searchCities('', null, 5), [])
})
