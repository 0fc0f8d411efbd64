import { test } from 'node:test'
import assert from 'node:assert/strict'
import { htmlToText, sanitizeDescription } from '../../src/ingest/sanitize.ts'

const PAYLOADS: [string, string][] = [
  ['script tag', '<p>Hello</p><script>alert(1)</script>'],
  ['img onerror', '<img src=x onerror="alert(1)"><p>ok</p>'],
  ['svg onload', '<svg onload="alert(1)"><circle/></svg><p>ok</p>'],
  ['javascript: href', '<a href="javascript:alert(1)">click</a>'],
  ['entity-encoded javascript: href', '<a href="&#106;&#97;vascript:alert(1)">click</a><a href="jav&#x09;ascript:alert(1)">x</a>'],
  ['data: href', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['style tag and attribute', '<style>body{background:url(javascript:alert(1))}</style><p style="color:red">x</p>'],
  ['iframe', '<iframe src="https://evil.example"></iframe><p>x</p>'],
  ['event handler on allowed tag', '<p onclick="alert(1)" onmouseover="alert(2)">x</p>'],
  ['object and embed', '<object data="x.swf"></object><embed src="x.swf"><p>x</p>'],
  ['form and input', '<form action="https://evil.example"><input autofocus onfocus="alert(1)"></form><p>x</p>'],
]

for (const [name, payload] of PAYLOADS) {
  test(`sanitizing drops the attack: ${name}`, () => {
    const clean = sanitizeDescription(payload)
    assert.doesNotMatch(clean, /<script|<iframe|<svg|<img|<style|<object|<embed|<form|<input/i)
    assert.doesNotMatch(clean, /\son\w+=/i)
    assert.doesNotMatch(clean, /javascript:|data:|style=/i)
  })
}

test('allowed formatting survives and links get rel="nofollow noopener"', () => {
  const clean = sanitizeDescription('<h2>Role</h2><p><strong>Go</strong> and <em>Rust</em></p><ul><li>One</li></ul><a href="https://example.org/apply" target="_blank">Apply</a><pre><code>x := 1</code></pre>')
  assert.equal(
    clean,
    '<h2>Role</h2><p><strong>Go</strong> and <em>Rust</em></p><ul><li>One</li></ul><a href="https://example.org/apply" rel="nofollow noopener">Apply</a><pre><code>x := 1</code></pre>',
  )
  assert.match(sanitizeDescription('<a href="mailto:jobs@example.org">mail</a>'), /href="mailto:jobs@example.org"/)
})

test('unbalanced markup goes through the full sanitizer, not the fast path', () => {
  assert.equal(sanitizeDescription('<ul><li>One</ul>'), '<ul><li>One</li></ul>')
  assert.equal(sanitizeDescription('<p>a < b</p>'), '<p>a &lt; b</p>')
})

test('plain text: blocks become lines, list items bullets, entities decoded', () => {
  const text = htmlToText(sanitizeDescription('<h3>About</h3><p>Tom &amp; Jerry&#39;s &lt;team&gt;</p><ul><li>Go</li><li>SQL</li></ul><p>Line<br>break</p>'))
  assert.equal(text, "About\nTom & Jerry's <team>\n• Go\n• SQL\nLine\nbreak")
})
