import type { AppInstance } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { MediaAccessService } from '../media/media-access.service.ts';
import { albumsAdminRoutes } from './albums-admin.routes.ts';
import { createAlbumsRepository } from './albums.repository.ts';
import { albumsRoutes } from './albums.routes.ts';
import { seedDemoAlbums } from './albums.seed.ts';
import { createAlbumsService, type AlbumsService } from './albums.service.ts';

/**
 * Private albums (issue 11 item 2): the service, its grant to the media access rules (album files
 * open only to entitled users), the user and operator routes, and the demo albums when demo
 * characters are seeded.
 */
export async function registerAlbumsModule(
  app: AppInstance,
  deps: {
    db: Db;
    storage: MediaStorage;
    ledger: LedgerService;
    mediaAccess: MediaAccessService;
    seedDemo: boolean;
  },
): Promise<AlbumsService> {
  const repo = createAlbumsRepository();
  const albums = createAlbumsService({
    db: deps.db,
    repo,
    ledger: deps.ledger,
    storage: deps.storage,
    access: deps.mediaAccess,
  });
  deps.mediaAccess.addGrantSource((userId, row) => albums.grantsMedia(userId, row));
  albumsRoutes(app, albums);
  await albumsAdminRoutes(app, albums);
  if (deps.seedDemo) await seedDemoAlbums({ db: deps.db, repo, albums, storage: deps.storage, log: app.log });
  return albums;
}
