import type { H3, H3Event } from 'h3'
import type { AppContext } from '../context.ts'
import { jobIdBySlug, loadJobs } from '../catalogue/job-json.ts'
import { companyJobIds, companyRowBySlug } from '../catalogue/company-read.ts'
import { jobPostingLd } from '../catalogue/job-json-ld.ts'
import { currentCompanyStats } from '../catalogue/company-stats.ts'
import { allowedOrigin } from './origin.ts'
import { renderPage, type PageContent } from './web.ts'

/**
 * Job and company pages for the web (docs/web.md "Pages for search engines"): served with their
 * content in the HTML, Open Graph tags for link previews, schema.org JSON-LD, a canonical URL and a
 * real 404; the page's script then takes over as on every other page. Plus /sitemap.xml of open
 * postings and companies and /robots.txt pointing at it.
 */
const escapeHtml = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
/** JSON inside <script>: `<` escaped so no string can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
const SITEMAP_URLS = 50_000

function metaTags(tags: { title: string; description: string; url: string; type: string }): string {
  return [
    `<meta name="description" content="${escapeHtml(tags.description)}">`,
    `<link rel="canonical" href="${escapeHtml(tags.url)}">`,
    `<meta property="og:site_name" content="openroles">`,
    `<meta property="og:type" content="${tags.type}">`,
    `<meta property="og:title" content="${escapeHtml(tags.title)}">`,
    `<meta property="og:description" content="${escapeHtml(tags.description)}">`,
    `<meta property="og:url" content="${escapeHtml(tags.url)}">`,
    `<meta name="twitter:card" content="summary">`,
  ].join('\n')
}

const notFoundPage = (what: string): PageContent => ({
  title: `${what} not found · openroles`,
  head: '<meta name="robots" content="noindex">',
  main: `<section class="not-found"><h1>${what} not found</h1><p>It may have been removed. <a href="/">Search open jobs</a>.</p></section>`,
})

function jobPage(ctx: AppContext, event: H3Event): Promise<Response> {
  const slug = event.context.params?.slug ?? ''
  const id = jobIdBySlug(ctx.db, slug)
  const job = id === undefined ? undefined : (loadJobs(ctx.db, [id], { description: 'html', ghost: false })[0] as Record<string, any> | undefined)
  if (!job) return renderPage(event, notFoundPage('Job'), 404)
  const origin = allowedOrigin(ctx, event)
  const url = `${origin}/jobs/${encodeURIComponent(job.public_slug)}`
  const summary = job.enrichment?.summary ?? `${job.title} at ${job.company}${job.location ? `, ${job.location}` : ''}.`
  const homepage = ctx.db.prepare('SELECT homepage FROM companies WHERE slug = ?').pluck().get(job.company_slug) as string | null
  const facts = [job.location, job.work_mode, job.enrichment?.seniority, job.closed_at ? 'closed' : null].filter(Boolean).map(escapeHtml).join(' · ')
  return renderPage(event, {
    title: `${escapeHtml(job.title)} at ${escapeHtml(job.company)} · openroles`,
    head: [
      metaTags({ title: `${job.title} at ${job.company}`, description: summary, url, type: 'article' }),
      job.closed_at ? '<meta name="robots" content="noindex">' : '',
      `<script type="application/ld+json">${scriptJson(jobPostingLd(job, url, homepage))}</script>`,
    ].join('\n'),
    main: `<article class="job-page"><h1 id="job-title">${escapeHtml(job.title)}</h1>
<p class="job-company"><a href="/companies/${encodeURIComponent(job.company_slug)}">${escapeHtml(job.company)}</a></p>
<p class="job-facts">${facts}</p>
${job.url ? `<p><a class="apply" href="${escapeHtml(job.url)}" rel="nofollow noopener">Apply on the employer's site</a></p>` : ''}
<div class="job-description">${job.description ?? ''}</div></article>`,
  })
}

function companyPage(ctx: AppContext, event: H3Event): Promise<Response> {
  const row = companyRowBySlug(ctx.db, event.context.params?.slug ?? '') as Record<string, any> | undefined
  if (!row) return renderPage(event, notFoundPage('Company'), 404)
  const url = `${allowedOrigin(ctx, event)}/companies/${encodeURIComponent(row.slug)}`
  const { ids, total } = companyJobIds(ctx.db, row.id, 50, 0, row.job_count ?? null)
  const jobs = loadJobs(ctx.db, ids, { description: 'preview', ghost: false }) as Record<string, any>[]
  const description = row.tagline ?? `${row.name}: ${total} open role${total === 1 ? '' : 's'}.`
  const organization = { '@context': 'https://schema.org', '@type': 'Organization', name: row.name, url, ...(row.homepage ? { sameAs: row.homepage } : {}), ...(row.description ? { description: row.description } : {}) }
  return renderPage(event, {
    title: `${escapeHtml(row.name)}: jobs · openroles`,
    head: [metaTags({ title: `${row.name}: open roles`, description, url, type: 'website' }), `<script type="application/ld+json">${scriptJson(organization)}</script>`].join('\n'),
    main: `<section class="company-page"><h1>${escapeHtml(row.name)}</h1>
${row.tagline ? `<p class="tagline">${escapeHtml(row.tagline)}</p>` : ''}
<p>${total} open role${total === 1 ? '' : 's'}</p>
<ul class="job-list">${jobs.map((job) => `<li><a href="/jobs/${encodeURIComponent(job.public_slug)}">${escapeHtml(job.title)}</a>${job.location ? ` · ${escapeHtml(job.location)}` : ''}</li>`).join('')}</ul></section>`,
  })
}

function xml(body: string): Response {
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } })
}

/** /sitemap.xml: an index of job sitemaps (50,000 URLs each, by id range) and the company sitemap. */
function sitemapIndex(ctx: AppContext, event: H3Event): Response {
  const origin = allowedOrigin(ctx, event)
  const open = ctx.db.prepare('SELECT count(*) FROM jobs WHERE closed_at IS NULL').pluck().get() as number
  const parts = Math.max(1, Math.ceil(open / SITEMAP_URLS))
  const entries = [...Array.from({ length: parts }, (_, i) => `${origin}/sitemaps/jobs-${i + 1}.xml`), `${origin}/sitemaps/companies.xml`]
  return xml(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.map((loc) => `<sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`)
}

function urlset(origin: string, rows: { path: string; updated: string | null }[]): Response {
  const urls = rows.map((row) => `<url><loc>${escapeHtml(origin + row.path)}</loc>${row.updated ? `<lastmod>${escapeHtml(row.updated)}</lastmod>` : ''}</url>`)
  return xml(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`)
}

function jobSitemap(ctx: AppContext, event: H3Event): Response {
  const part = Number(/^jobs-(\d{1,6})\.xml$/.exec(event.context.params?.name ?? '')?.[1] ?? 0)
  if (part < 1) return xml('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>\n')
  // The nth part is the nth 50,000 open postings in id order.
  const rows = ctx.db
    .prepare(`SELECT public_slug AS slug, updated_at AS updated FROM jobs WHERE closed_at IS NULL ORDER BY id LIMIT ${SITEMAP_URLS} OFFSET ?`)
    .all((part - 1) * SITEMAP_URLS) as { slug: string; updated: string }[]
  return urlset(allowedOrigin(ctx, event), rows.map((row) => ({ path: `/jobs/${encodeURIComponent(row.slug)}`, updated: row.updated })))
}

function companySitemap(ctx: AppContext, event: H3Event): Response {
  currentCompanyStats(ctx.db)
  const rows = ctx.db
    .prepare('SELECT c.slug FROM companies c JOIN company_stats s ON s.company_id = c.id WHERE s.job_count > 0 ORDER BY c.id LIMIT ?')
    .all(SITEMAP_URLS) as { slug: string }[]
  return urlset(allowedOrigin(ctx, event), rows.map((row) => ({ path: `/companies/${encodeURIComponent(row.slug)}`, updated: null })))
}

export function mountPages(app: H3, ctx: AppContext): void {
  for (const method of ['GET', 'HEAD'] as const) {
    app.on(method, '/jobs/:slug', (event) => jobPage(ctx, event))
    app.on(method, '/companies/:slug', (event) => companyPage(ctx, event))
  }
  app.get('/sitemap.xml', (event) => sitemapIndex(ctx, event))
  app.get('/sitemaps/companies.xml', (event) => companySitemap(ctx, event))
  app.get('/sitemaps/:name', (event) => jobSitemap(ctx, event))
  app.get('/robots.txt', (event) => new Response(`User-agent: *\nDisallow: /api/\nSitemap: ${allowedOrigin(ctx, event)}/sitemap.xml\n`, { headers: { 'content-type': 'text/plain; charset=utf-8' } }))
}
