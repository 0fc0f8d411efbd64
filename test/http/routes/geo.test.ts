import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../../helpers/app.ts'

const { get } = createTestApp()
const values = (body: { data: { value: string }[] }) => body.data.map((city) => city.value)

test('GET /geo/cities finds a city by an accent-free alternate name, most populous first, with no meta', async () => {
  const { status, body } = await get('/api/v1/geo/cities?q=munchen')
  assert.equal(status, 200)
  assert.equal(body.meta, undefined)
  assert.deepEqual(body.data[0], { value: 'Munich', country: 'de', population: body.data[0].population, matched: 'Munchen' })
  assert.ok(body.data[0].population > 1_000_000)
})

test('GET /geo/cities: case and accents do not matter, and short forms resolve', async () => {
  assert.equal(values((await get('/api/v1/geo/cities?q=M%C3%9CNCHEN')).body)[0], 'Munich')
  assert.equal(values((await get('/api/v1/geo/cities?q=s%C3%A3o%20paulo')).body)[0], 'São Paulo')
  assert.equal(values((await get('/api/v1/geo/cities?q=sao%20paulo')).body)[0], 'São Paulo')
  assert.equal(values((await get('/api/v1/geo/cities?q=NYC')).body)[0], 'New York City')
})

test('GET /geo/cities: prefix matches rank by population, substrings come after', async () => {
  const ber = values((await get('/api/v1/geo/cities?q=ber&limit=3')).body)
  assert.equal(ber[0], 'Berlin')
  assert.equal(ber.length, 3)
  const inside = (await get('/api/v1/geo/cities?q=rankfurt')).body
  assert.ok(values(inside).includes('Frankfurt am Main'), 'substring match')
})

test('GET /geo/cities?country= restricts the country (any case) and serves it lowercase', async () => {
  const { status, body } = await get('/api/v1/geo/cities?q=paris&country=US')
  assert.equal(status, 200)
  assert.ok(body.data.length > 0)
  assert.ok(body.data.every((city: { country: string }) => city.country === 'us'))
  assert.equal(body.data[0].value, 'Paris')
  const fr = (await get('/api/v1/geo/cities?q=paris&country=fr')).body
  assert.deepEqual(fr.data[0], { value: 'Paris', country: 'fr', population: fr.data[0].population })
})

test('GET /geo/cities: nothing to match is an empty list; bad country or limit is 400', async () => {
  assert.deepEqual((await get('/api/v1/geo/cities?q=zzzzqq')).body, { data: [] })
  assert.deepEqual((await get('/api/v1/geo/cities')).body, { data: [] })
  assert.deepEqual((await get('/api/v1/geo/cities?q=%20%20')).body, { data: [] })
  assert.deepEqual((await get('/api/v1/geo/cities?q=berlin&country=zz')).body, { data: [] })
  const bad = await get('/api/v1/geo/cities?q=berlin&country=germany')
  assert.equal(bad.status, 400)
  assert.doesNotMatch(bad.body.error, /germany/)
  assert.equal((await get('/api/v1/geo/cities?q=berlin&limit=0')).status, 400)
  assert.equal((await get('/api/v1/geo/cities?q=a&limit=500')).body.data.length, 50)
})
