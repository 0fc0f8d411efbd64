import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import type { H3, H3Event } from 'h3'
import type { WebAsset, WebAssets } from '../web/build-assets.ts'
import { SERVICE_WORKER } from './service-worker.ts'
import { notFound } from '../errors.ts'

/**
 * The search page for people (docs/web.md): an HTML shell at `/`, `/jobs/:slug` and
 * `/companies/:slug`, `/insights`, and its two hashed assets under /assets/. Everything is served by this
 * process: no CDN, works offline.
 */

// Set by build.mjs (esbuild `define`) to the assets built at bundle time; absent when running from source.
declare const __OPENROLES_WEB_ASSETS__: WebAssets | undefined
declare const __OPENROLES_DOCS_VIEWER__: WebAsset | undefined

interface ServedFile {
  contentType: string
  body: Buffer
  gzip: Buffer
  etag: string
}

interface ServedPage {
  shell: ServedFile
  assets: Map<string, ServedFile>
}

/** Paths the client-side page renders by itself; job and company pages are rendered on the server first (src/http/pages.ts). */
const SHELL_PATHS = ['/', '/insights', '/moderation', '/referrals', '/board', '/account', '/profile', '/profile/report', '/cvs', '/cvs/:id', '/inbox', '/lists/:slug']

// The page renders job descriptions (sanitized at ingest) as HTML; the policy keeps any slip inert.
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"

function servedFile(contentType: string, text: string, etag: string): ServedFile {
  const body = Buffer.from(text)
  return { contentType, body, gzip: gzipSync(body), etag: `"${etag}"` }
}

/** What a server-rendered page adds to the document: its title, extra head tags, and the content of <main>. */
export interface PageContent {
  title: string
  /** Trusted markup for <head> (meta tags, JSON-LD); the caller escapes what it interpolates. */
  head?: string
  /** Trusted markup for <main>, shown before (and without) the script; the script then takes over. */
  main?: string
}

const NOSCRIPT = '<noscript>The search needs JavaScript. The JSON API is at <a href="/api/v1/jobs/search">/api/v1/jobs/search</a>.</noscript>'

function renderDocument(assets: WebAssets, page: PageContent): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${page.title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/${assets.style.name}">
<script type="module" src="/assets/${assets.script.name}"></script>
${page.head ?? ''}
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header"><a class="brand" href="/">open<span>roles</span></a><nav class="site-nav" aria-label="Site"><a href="/">Jobs</a><a href="/insights">Insights</a></nav></header>
<main id="main" tabindex="-1">${page.main ?? NOSCRIPT}</main>
</body>
</html>
`
}

function renderShell(assets: WebAssets): string {
  return renderDocument(assets, { title: 'openroles: job search' })
}

function servedPage(assets: WebAssets): ServedPage {
  const files = [assets.script, assets.style].map((asset) => [asset.name, servedFile(asset.contentType, asset.body, asset.name)] as const)
  return { shell: servedFile('text/html; charset=utf-8', renderShell(assets), assets.version), assets: new Map(files) }
}

async function loadAssets(): Promise<WebAssets> {
  const embedded = typeof __OPENROLES_WEB_ASSETS__ === 'undefined' ? undefined : __OPENROLES_WEB_ASSETS__
  if (embedded) return embedded
  const { buildWebAssets } = await import('../web/build-assets.ts')
  return buildWebAssets()
}

function respond(event: H3Event, file: ServedFile, cacheControl: string, extraHeaders: Record<string, string> = {}): Response {
  const headers = new Headers({ 'content-type': file.contentType, 'cache-control': cacheControl, etag: file.etag, vary: 'accept-encoding', 'x-content-type-options': 'nosniff', ...extraHeaders })
  if (event.req.headers.get('if-none-match') === file.etag) return new Response(null, { status: 304, headers })
  const gzip = /\bgzip\b/.test(event.req.headers.get('accept-encoding') ?? '')
  if (gzip) headers.set('content-encoding', 'gzip')
  const body = gzip ? file.gzip : file.body
  headers.set('content-length', String(body.length))
  return new Response(event.req.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers })
}

let docsViewer: Promise<ServedFile & { name: string }> | undefined

/** The API reference viewer's script (src/web/docs-viewer.ts): embedded by build.mjs, or built on first use from source. */
export function docsViewerAsset(): Promise<ServedFile & { name: string }> {
  docsViewer ??= (async () => {
    const embedded = typeof __OPENROLES_DOCS_VIEWER__ === 'undefined' ? undefined : __OPENROLES_DOCS_VIEWER__
    const asset = embedded ?? (await (await import('../web/build-assets.ts')).buildDocsViewer())
    return { name: asset.name, ...servedFile(asset.contentType, asset.body, asset.name) }
  })()
  return docsViewer
}

// Built (or taken from the bundle) once per process, on first use, and shared by every app instance.
let assets: Promise<WebAssets> | undefined
let page: Promise<ServedPage> | undefined
const loadOnce = () => (assets ??= loadAssets())
const load = () => (page ??= loadOnce().then(servedPage))

const PAGE_HEADERS = { 'content-security-policy': CONTENT_SECURITY_POLICY, 'referrer-policy': 'same-origin' }

/** A server-rendered page (job, company, or its 404) in the page's document, gzipped when asked for. */
export async function renderPage(event: H3Event, content: PageContent, status = 200): Promise<Response> {
  const html = renderDocument(await loadOnce(), content)
  const file = servedFile('text/html; charset=utf-8', html, createHash('sha1').update(html).digest('base64url'))
  const response = respond(event, file, status === 200 ? 'public, max-age=60' : 'no-cache', PAGE_HEADERS)
  return status === 200 ? response : new Response(response.body, { status, headers: response.headers })
}

/** Registers the page routes (GET and HEAD); call before the app's catch-all 404. */
export function mountWeb(app: H3): void {
  const shell = async (event: H3Event) => respond(event, (await load()).shell, 'no-cache', PAGE_HEADERS)
  const asset = async (event: H3Event) => {
    const name = event.context.params?.name ?? ''
    // The docs viewer is built only when asked for: most processes never serve /api/v1/docs.
    const file = name.startsWith('docs-viewer-') ? await docsViewerAsset().then((viewer) => (viewer.name === name ? viewer : undefined)) : (await load()).assets.get(name)
    if (!file) throw notFound('no such asset')
    // Names carry a content hash, so a cached copy never goes stale.
    return respond(event, file, 'public, max-age=31536000, immutable')
  }
  const worker = servedFile('text/javascript; charset=utf-8', SERVICE_WORKER, createHash('sha1').update(SERVICE_WORKER).digest('base64url'))
  // Revalidated on every load, so a changed worker replaces the old one at once.
  const serviceWorker = (event: H3Event) => respond(event, worker, 'no-cache', { 'content-security-policy': CONTENT_SECURITY_POLICY })
  for (const method of ['GET', 'HEAD'] as const) {
    for (const path of SHELL_PATHS) app.on(method, path, shell)
    app.on(method, '/sw.js', serviceWorker)
    app.on(method, '/assets/:name', asset)
  }
}
