import type { BlogLanguage } from '@amora/shared/blog.ts';

/** What the server writes into the SPA's index.html for a blog page (decision 086). */
export type PageMeta = {
  lang: BlogLanguage;
  /** The document title. */
  title: string;
  /** The Open Graph title (default: the document title). */
  ogTitle?: string;
  description: string;
  /** Absolute URL of the page in this language. */
  canonical: string;
  /** Absolute URLs of the page in each language (hreflang alternates). */
  alternates: { lang: BlogLanguage; href: string }[];
  ogType: 'website' | 'article';
  /** Absolute URL of the cover image. */
  image?: string | null;
  publishedAt?: string | null;
  /** The page's content (already sanitised HTML). */
  bodyHtml: string;
};

/** The shell used when the web app is not built (API-only servers, tests). */
export const FALLBACK_SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Amora</title></head><body><div id="root"></div></body></html>';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * The SPA's index.html with the page's own title, description, canonical, hreflang and Open Graph
 * tags, and its content inside `#root`: a crawler reads the post, a browser shows it at once, and
 * the SPA replaces it with the same page when it starts.
 */
export function renderPage(shell: string, page: PageMeta): string {
  const meta = [
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(page.canonical)}" />`,
    ...page.alternates.map(
      (a) => `<link rel="alternate" hreflang="${a.lang}" href="${escapeHtml(a.href)}" />`,
    ),
    `<meta property="og:type" content="${page.ogType}" />`,
    `<meta property="og:site_name" content="Amora" />`,
    `<meta property="og:title" content="${escapeHtml(page.ogTitle ?? page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(page.canonical)}" />`,
    `<meta property="og:locale" content="${page.lang === 'ru' ? 'ru_RU' : 'en_US'}" />`,
    ...(page.image ? [`<meta property="og:image" content="${escapeHtml(page.image)}" />`] : []),
    ...(page.publishedAt
      ? [`<meta property="article:published_time" content="${escapeHtml(page.publishedAt)}" />`]
      : []),
    `<meta name="twitter:card" content="${page.image ? 'summary_large_image' : 'summary'}" />`,
  ].join('\n    ');
  return shell
    .replace(/<html([^>]*)\slang="[^"]*"/i, `<html$1 lang="${page.lang}"`)
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<\/head>/i, () => `  ${meta}\n  </head>`)
    .replace(/<div id="root"><\/div>/i, () => `<div id="root">${page.bodyHtml}</div>`);
}

/** `sitemap.xml` (sitemaps.org 0.9) for the given absolute URLs. */
export function renderSitemap(urls: { loc: string; lastmod?: string | null }[]): string {
  const body = urls
    .map(
      (u) =>
        `  <url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** `robots.txt`: the public pages are open; the API, the console and private media are not. */
export function renderRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /chat',
    'Disallow: /wallet',
    'Disallow: /paywall',
    'Disallow: /profile',
    'Disallow: /partner',
    'Disallow: /sandbox/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
