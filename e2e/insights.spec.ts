import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ageVerified, operatorPage } from './fixtures.ts';

/** Issue 12 items 6 and 7: the blog (server-rendered for crawlers, the SPA after load) and the operator's numbers. */

const TEXT = {
  en: { post: 'Meet your companion', section: 'Choose a character', blog: 'Blog', numbers: 'Numbers' },
  ru: {
    post: 'Знакомство с компаньоном',
    section: 'Выберите персонажа',
    blog: 'Блог',
    numbers: 'Показатели',
  },
} as const;

async function useLanguage(page: Page, lang: 'en' | 'ru'): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('amora.language', l), lang);
}

for (const lang of ['en', 'ru'] as const) {
  test(`a blog post opened from /blog (${lang})`, async ({ page }) => {
    // A crawler (no JavaScript) reads the post itself, with its tags.
    const crawled = await page.request.get(`/blog/meet-your-companion?lang=${lang}`);
    expect(crawled.status()).toBe(200);
    const html = await crawled.text();
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<link rel="canonical"');
    expect(html).toContain(`<h2>${TEXT[lang].section}</h2>`);

    await ageVerified(page.context());
    await useLanguage(page, lang);
    await page.goto('/blog');
    await expect(page.getByTestId('blog-page')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: TEXT[lang].blog })).toBeVisible();
    await page.getByTestId('blog-post-link').filter({ hasText: TEXT[lang].post }).click();
    await expect(page).toHaveURL(/\/blog\/meet-your-companion$/);
    const post = page.getByTestId('blog-post');
    await expect(post.getByRole('heading', { level: 1 })).toContainText(TEXT[lang].post);
    await expect(post.getByRole('heading', { level: 2, name: TEXT[lang].section })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(TEXT[lang].post));
    await page.getByTestId('blog-back').click();
    await expect(page.getByTestId('blog-page')).toBeVisible();
  });

  test(`the operator's dashboard draws its charts and downloads the CSV (${lang})`, async ({ browser }) => {
    const operator = await operatorPage(browser);
    try {
      const op = operator.page;
      if (lang === 'ru') {
        await op.evaluate(() => localStorage.setItem('amora.language', 'ru'));
        await op.reload();
        await expect(op.getByTestId('admin-console')).toBeVisible();
      }
      await op.getByTestId('admin-nav-kpis').click();
      await expect(op.getByRole('heading', { level: 1, name: TEXT[lang].numbers })).toBeVisible();
      await expect(op.getByTestId('kpi-dashboard')).toBeVisible();
      // The operator account itself signed up today: at least one sign-up in the last 30 days.
      await expect(op.getByTestId('kpi-total-signups').locator('dd')).not.toHaveText('0');
      for (const chart of [
        'chart-users',
        'chart-revenue',
        'chart-tokens',
        'chart-messages',
        'chart-subscriptions',
      ])
        await expect(op.getByTestId(chart).locator('svg.recharts-surface').first()).toBeVisible();

      const [download] = await Promise.all([op.waitForEvent('download'), op.getByTestId('kpi-csv').click()]);
      expect(download.suggestedFilename()).toMatch(/^amora-kpis-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
      expect(csv[0]).toMatch(/^day,signups,activeUsers,/);
      expect(csv.filter(Boolean)).toHaveLength(31);

      // Another range: the last 7 days.
      await op.getByRole('button', { name: lang === 'ru' ? 'Последние 7 дней' : 'Last 7 days' }).click();
      await expect(op).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
      await expect(op.getByTestId('chart-users').locator('svg.recharts-surface').first()).toBeVisible();
    } finally {
      await operator.context.close();
    }
  });
}
