import type { AppInstance } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { BotsService } from '../bots/bots.service.ts';
import { createBlogRepository } from './blog.repository.ts';
import { blogPageRoutes, blogRoutes } from './blog.routes.ts';
import { createBlogService, type BlogService } from './blog.service.ts';

/**
 * The blog (issue 12 item 6): posts in English and Russian written by the operator, the server-rendered
 * pages crawlers read (`/blog`, `/blog/:slug`), `sitemap.xml` and `robots.txt`. Register it before
 * the SPA's static files (its pages win over the SPA fallback).
 */
export function registerBlogModule(
  app: AppInstance,
  deps: {
    db: Db;
    storage: MediaStorage;
    bots: Pick<BotsService, 'list'>;
    publicUrl: string;
    webDist: string | null;
    seedDemo: boolean;
  },
): BlogService {
  const blog = createBlogService({ db: deps.db, repo: createBlogRepository(), storage: deps.storage });
  blogRoutes(app, blog, deps.storage);
  blogPageRoutes(app, blog, {
    webDist: deps.webDist,
    publicUrl: deps.publicUrl,
    extraPaths: async () =>
      (await deps.bots.list('all'))
        .filter((b) => b.remote_id !== 0)
        .map((b) => `/?popup=selected-model&remote_id=${b.remote_id}`),
  });
  if (deps.seedDemo) app.addHook('onReady', async () => void (await blog.seed()));
  return blog;
}
