import type { AdminAlbumCategoryBody, AlbumCategory, AlbumItem } from '@amora/shared/albums.ts';
import type { Bot } from '@amora/shared/bots.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs } from '../../admin/components/test-utils.tsx';
import type * as AlbumsApi from '../api/albums-api.ts';
import { AlbumsAdminPanel } from './albums-admin-panel.tsx';

type Album = Awaited<ReturnType<typeof AlbumsApi.fetchAdminAlbum>>;

const api = {
  fetchAdminAlbum: vi.fn<(botId: string) => Promise<Album>>(),
  updateAdminCategory:
    vi.fn<(botId: string, c: AlbumCategory, body: AdminAlbumCategoryBody) => Promise<Album>>(),
  uploadAdminItem: vi.fn<(botId: string, c: AlbumCategory, file: File) => Promise<AlbumItem>>(),
  deleteAdminItem: vi.fn<(botId: string, itemId: string) => Promise<void>>(),
};
vi.mock('../api/albums-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof AlbumsApi>()),
  fetchAdminAlbum: (botId: string) => api.fetchAdminAlbum(botId),
  updateAdminCategory: (b: string, c: AlbumCategory, body: AdminAlbumCategoryBody) =>
    api.updateAdminCategory(b, c, body),
  uploadAdminItem: (b: string, c: AlbumCategory, f: File) => api.uploadAdminItem(b, c, f),
  deleteAdminItem: (b: string, i: string) => api.deleteAdminItem(b, i),
}));
vi.mock('../../bots/hooks/use-bots.ts', () => ({
  useBots: () => ({ data: [{ _id: 'b1', name: 'Mia', remote_id: 1 } as Bot], isPending: false }),
}));

const item: AlbumItem = {
  _id: 'i1',
  kind: 'image',
  url: '/media/albums/1/feet/i1.webp?s=x',
  width: 10,
  height: 10,
};
const album: Album = {
  botId: 'b1',
  categories: [
    { category: 'feet', enabled: false, price: 0, cover: null, coverItemId: null, items: [item] },
    { category: 'toys', enabled: false, price: 0, cover: null, coverItemId: null, items: [] },
  ],
};

describe('console Albums tab', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    signInAs('admin');
    api.fetchAdminAlbum.mockResolvedValue(album);
    api.updateAdminCategory.mockResolvedValue(album);
    api.uploadAdminItem.mockResolvedValue(item);
    api.deleteAdminItem.mockResolvedValue();
  });

  it('picks a character, enables a category with a price, uploads, makes a cover and deletes', async () => {
    const user = userEvent.setup();
    renderAt('/admin/albums', '/admin/albums', <AlbumsAdminPanel />);
    await user.selectOptions(screen.getByTestId('admin-album-bot'), 'b1');
    const feet = await screen.findByTestId('admin-album-feet');
    expect(api.fetchAdminAlbum).toHaveBeenCalledWith('b1');

    await user.click(within(feet).getByTestId('admin-album-enabled-feet'));
    const price = within(feet).getByRole('textbox');
    await user.clear(price);
    await user.type(price, '250');
    await user.click(within(feet).getByTestId('admin-album-save-feet'));
    await waitFor(() =>
      expect(api.updateAdminCategory).toHaveBeenCalledWith('b1', 'feet', { enabled: true, price: 250 }),
    );

    const file = new File([new Uint8Array([1, 2, 3])], 'p.png', { type: 'image/png' });
    await user.upload(within(feet).getByTestId('admin-album-upload-feet'), file);
    await waitFor(() => expect(api.uploadAdminItem).toHaveBeenCalledWith('b1', 'feet', file));

    await user.click(within(feet).getByRole('button', { name: 'Make cover' }));
    await waitFor(() =>
      expect(api.updateAdminCategory).toHaveBeenCalledWith('b1', 'feet', { coverItemId: 'i1' }),
    );

    await user.click(within(feet).getByTestId('admin-album-delete'));
    await waitFor(() => expect(api.deleteAdminItem).toHaveBeenCalledWith('b1', 'i1'));
  });

  it('refuses a price that is not a whole number', async () => {
    const user = userEvent.setup();
    renderAt('/admin/albums', '/admin/albums', <AlbumsAdminPanel />);
    await user.selectOptions(screen.getByTestId('admin-album-bot'), 'b1');
    const toys = await screen.findByTestId('admin-album-toys');
    const price = within(toys).getByRole('textbox');
    await user.clear(price);
    await user.type(price, '-5');
    expect(within(toys).getByTestId('admin-album-save-toys')).toBeDisabled();
  });
});
