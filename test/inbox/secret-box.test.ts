import { test } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { hasSecretsKey, openSecret, sealSecret, SecretsKeyMissing } from '../../src/secret-box.ts'
import { createTestApp } from '../helpers/app.ts'

const config = { secretsKey: randomBytes(32).toString('hex') }

test('a sealed secret opens with its key and context only, and never holds the plaintext', () => {
  const sealed = sealSecret(config, 'app-password-1', 'imap:7')
  assert.equal(sealed.includes(Buffer.from('app-password-1')), false)
  assert.equal(openSecret(config, sealed, 'imap:7'), 'app-password-1')
  assert.notDeepEqual(sealSecret(config, 'app-password-1', 'imap:7'), sealed, 'a fresh IV each time')
  assert.throws(() => openSecret(config, sealed, 'imap:8'))
  assert.throws(() => openSecret({ secretsKey: randomBytes(32).toString('base64') }, sealed, 'imap:7'))
  const tampered = Buffer.from(sealed)
  tampered[tampered.length - 1]! ^= 1
  assert.throws(() => openSecret(config, tampered, 'imap:7'))
})

test('without SECRETS_KEY nothing is sealed; a malformed key is refused', () => {
  assert.equal(hasSecretsKey({ secretsKey: '' }), false)
  assert.throws(() => sealSecret({ secretsKey: '' }, 'x', 'c'), SecretsKeyMissing)
  assert.throws(() => hasSecretsKey({ secretsKey: 'too-short' }), /32 bytes/)
})

test('a malformed SECRETS_KEY stops the app from starting instead of failing mailbox requests later', () => {
  assert.throws(() => createTestApp({ config: { secretsKey: 'not-a-key' } }), /SECRETS_KEY must be 32 bytes/)
  assert.doesNotThrow(() => createTestApp({ config: { secretsKey: config.secretsKey } }).ctx.close?.())
})
