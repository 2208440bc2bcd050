import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBlogPost, BlogPostInput } from '@amora/shared/blog.ts';
import { bearer, createAdminTestApp, signUp, type Session, type TestApp } from '../../test/test-app.ts';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Amora — chat with AI companions who remember you." />
    <title>Amora</title>
    <script type="module" src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const HOSTILE = [
  '# Hello',
  '',
  'Safe **text**.',
  '',
  '<script>alert("pwned")</script>',
  '',
  '<img src="x" onerror="alert(1)">',
  '',
  '[click](javascript:alert(1)) and <a href="https://example.org" onclick="steal()">out</a>',
  '',
  '<iframe src="https://evil.example"></iframe>',
].join('\n');

const post = (slug: string, status: 'draft' | 'published', body = 'Some *words*.'): BlogPostInput => ({
  slug,
  status,
  cover: null,
  en: { title: `Title ${slug}`, description: `About ${slug}`, body },
  ru: { title: `Заголовок ${slug}`, description: `О статье ${slug}`, body: `Текст ${slug}` },
});

function multipart(field: string, filename: string, data: Buffer, type: string) {
  const boundary = '----amoraTestBoundary7MA4YWxk';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('blog (issue 12 item 6)', () => {
  let t: TestApp;
  let admin: Session;
  let user: Session;

  beforeAll(async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'amora-blog-dist-'));
    writeFileSync(join(webDist, 'index.html'), SHELL);
    ({ t, admin } = await createAdminTestApp({ WEB_DIST: webDist, PUBLIC_URL: 'https://amora.example' }));
    user = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (body: BlogPostInput) =>
    t.app.inject({ method: 'POST', url: '/api/admin/blog', headers: bearer(admin), payload: body });

  it('ships three demo posts in English and Russian, listed by the public API', async () => {
    const en = (await t.app.inject({ method: 'GET', url: '/api/blog' })).json<{ data: { slug: string }[] }>();
    const slugs = en.data.map((p) => p.slug);
    expect(slugs).toEqual(
      expect.arrayContaining(['meet-your-companion', 'relationship-levels', 'tokens-explained']),
    );
    const ru = await t.app.inject({ method: 'GET', url: '/api/blog/relationship-levels?lang=ru' });
    expect(ru.statusCode).toBe(200);
    const body = ru.json<{ data: { title: string; html: string; language: string } }>().data;
    expect(body.language).toBe('ru');
    expect(body.title).toContain('Родственной души');
    expect(body.html).toContain('<table>');
  });

  it('serves a post to a plain HTTP client as HTML with its title, description, canonical and Open Graph tags', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/blog/meet-your-companion' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<title>Meet your companion: a first evening with Amora · Amora</title>');
    expect(html).toContain(
      '<meta name="description" content="How to pick a character, start a chat and make the first conversation feel like your own." />',
    );
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<link rel="canonical" href="https://amora.example/blog/meet-your-companion" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain(
      '<meta property="og:title" content="Meet your companion: a first evening with Amora" />',
    );
    expect(html).toContain('hreflang="ru" href="https://amora.example/blog/meet-your-companion?lang=ru"');
    // The post itself, inside the SPA's root, and the SPA's script still there to take over.
    expect(html).toMatch(/<div id="root"><main data-ssr="blog-post"><article><h1>Meet your companion/);
    expect(html).toContain('<h2>Choose a character</h2>');
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');

    const ru = await t.app.inject({ method: 'GET', url: '/blog/meet-your-companion?lang=ru' });
    expect(ru.body).toContain('<html lang="ru">');
    expect(ru.body).toContain('<h2>Выберите персонажа</h2>');
    expect(ru.body).toContain('<meta property="og:locale" content="ru_RU" />');
    // Accept-Language picks the language when the URL names none.
    const negotiated = await t.app.inject({
      method: 'GET',
      url: '/blog',
      headers: { 'accept-language': 'ru-RU,ru;q=0.9' },
    });
    expect(negotiated.body).toContain('<h1>Блог</h1>');
    expect(negotiated.body).toContain('href="/blog/tokens-explained?lang=ru"');
  });

  it('never lets a script, an event handler or a javascript: link from Markdown reach the page', async () => {
    const res = await create(post('hostile-post', 'published', HOSTILE));
    expect(res.statusCode, res.body).toBe(201);
    for (const html of [
      (await t.app.inject({ method: 'GET', url: '/blog/hostile-post' })).body,
      (await t.app.inject({ method: 'GET', url: '/api/blog/hostile-post' })).json<{
        data: { html: string };
      }>().data.html,
    ]) {
      expect(html).toContain('Safe <strong>text</strong>.');
      expect(html).not.toContain('alert');
      expect(html).not.toContain('onerror');
      expect(html).not.toContain('onclick');
      expect(html).not.toContain('javascript:');
      expect(html).not.toContain('<iframe');
      expect(html).toContain('rel="noopener noreferrer nofollow"');
    }
  });

  it('keeps drafts private: not in the list, the page, the API nor the sitemap', async () => {
    const draft = await create(post('secret-draft', 'draft'));
    expect(draft.statusCode).toBe(201);
    const list = (await t.app.inject({ method: 'GET', url: '/api/blog' })).json<{
      data: { slug: string }[];
    }>();
    expect(list.data.map((p) => p.slug)).not.toContain('secret-draft');
    expect((await t.app.inject({ method: 'GET', url: '/api/blog/secret-draft' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/blog/secret-draft' })).statusCode).toBe(404);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    expect(sitemap.body).not.toContain('secret-draft');
    expect(sitemap.body).toContain('<loc>https://amora.example/blog/hostile-post</loc>');
    expect(sitemap.body).toContain('<loc>https://amora.example/</loc>');
    expect(sitemap.body).toMatch(/remote_id=\d+<\/loc>/);

    // Published later: it appears everywhere.
    const id = draft.json<{ data: AdminBlogPost }>().data._id;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/blog/${id}`,
      headers: bearer(admin),
      payload: post('secret-draft', 'published'),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<{ data: AdminBlogPost }>().data.publishedAt).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain(
      '/blog/secret-draft<',
    );
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/blog/${id}`,
      headers: bearer(admin),
    });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/blog/secret-draft' })).statusCode).toBe(404);
  });

  it('serves robots.txt with the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: https://amora.example/sitemap.xml');
  });

  it('lets only the operator write posts, refuses a taken slug and bad input', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/blog', headers: bearer(user) })).statusCode,
    ).toBe(403);
    const asUser = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog',
      headers: bearer(user),
      payload: post('by-user', 'published'),
    });
    expect(asUser.statusCode).toBe(403);
    expect((await create(post('tokens-explained', 'draft'))).statusCode).toBe(409);
    const bad = await create({ ...post('Bad Slug!', 'draft') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ code: string }>().code).toBe('VALIDATION_ERROR');
    const all = (await t.app.inject({ method: 'GET', url: '/api/admin/blog', headers: bearer(admin) })).json<{
      data: AdminBlogPost[];
    }>();
    expect(all.data.some((p) => p.en.body.includes('## Choose a character'))).toBe(true);
  });

  it('takes a cover image through multipart, re-encodes it to WebP and serves it publicly', async () => {
    const png = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: { r: 200, g: 40, b: 90 } },
    })
      .png()
      .toBuffer();
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/cover',
      headers: { ...bearer(admin), ...multipart('file', 'cover.png', png, 'image/png').headers },
      payload: multipart('file', 'cover.png', png, 'image/png').payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const url = up.json<{ data: { url: string } }>().data.url;
    expect(url).toMatch(/^\/media\/blog\/[\w-]+\.webp$/);
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1600);

    const withCover = await create({ ...post('with-cover', 'published'), cover: url });
    expect(withCover.statusCode).toBe(201);
    const page = await t.app.inject({ method: 'GET', url: '/blog/with-cover' });
    expect(page.body).toContain(`<meta property="og:image" content="https://amora.example${url}" />`);

    const notImage = multipart('file', 'x.png', Buffer.from('not an image at all'), 'image/png');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/cover',
      headers: { ...bearer(admin), ...notImage.headers },
      payload: notImage.payload,
    });
    expect(refused.statusCode).toBe(400);
    const byUser = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/cover',
      headers: { ...bearer(user), ...multipart('file', 'c.png', png, 'image/png').headers },
      payload: multipart('file', 'c.png', png, 'image/png').payload,
    });
    expect(byUser.statusCode).toBe(403);
    // JSON routes still refuse multipart bodies.
    const jsonRoute = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog',
      headers: { ...bearer(admin), ...notImage.headers },
      payload: notImage.payload,
    });
    expect(jsonRoute.statusCode).toBe(415);
    expect((await t.app.inject({ method: 'GET', url: '/media/blog/missing.webp' })).statusCode).toBe(404);
  });
});
