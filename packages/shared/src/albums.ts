import { z } from 'zod';

/** SPEC §3 "Album category": the 18 categories a character's private album may have. */
export const albumCategories = [
  'user_content',
  'lingerie',
  'ass',
  'body',
  'non-explicit',
  'feet',
  'genitals',
  'tits',
  'blowjob',
  'copro',
  'sex',
  'fluids',
  'gape',
  'pee',
  'toys',
  'video',
  '2Cool4School',
  'halloween',
] as const;
export const AlbumCategory = z.enum(albumCategories);
export type AlbumCategory = z.infer<typeof AlbumCategory>;

/** SPEC §6: these are viewable by every signed-in user, subscribed or not, without unlocking. */
export const ALWAYS_VIEWABLE: readonly AlbumCategory[] = ['non-explicit', 'lingerie'];
export const isAlwaysViewable = (c: string): boolean => (ALWAYS_VIEWABLE as readonly string[]).includes(c);

/**
 * Album files are media rows whose category is `album:<tag>` (the items) or `album_cover:<tag>` (a
 * blurred teaser shown on the category card). The character's level never opens them (decision 065).
 */
export const albumItemMediaCategory = (tag: string): string => `album:${tag}`;
export const albumCoverMediaCategory = (tag: string): string => `album_cover:${tag}`;
export function albumTagOfMedia(category: string): { tag: string; cover: boolean } | null {
  const m = /^album(_cover)?:(.+)$/.exec(category);
  return m ? { tag: m[2]!, cover: Boolean(m[1]) } : null;
}

const Id = z.string().min(1).max(64);

export const AlbumCategoryView = z
  .object({
    tagLink: AlbumCategory,
    /** The cover (a blurred teaser), signed for the caller; null when the category has no cover. */
    photo: z.string().nullable(),
    price: z.number().int(),
    isUnlocked: z.boolean(),
    /** How many photos or videos it holds. */
    count: z.number().int(),
  })
  .meta({ id: 'AlbumCategoryView' });
export type AlbumCategoryView = z.infer<typeof AlbumCategoryView>;

export const AlbumCategoriesParams = z.object({
  remoteId: z.coerce.number().int().min(0).max(1_000_000_000),
  userId: z.string().min(1).max(64),
});
export const AlbumCategoriesResponse = z.object({
  data: z.object({
    categories: z.array(AlbumCategoryView),
    /** Whether the caller has an active subscription (every category open). */
    subscribed: z.boolean(),
  }),
});

export const AlbumUnlockBody = z.object({ botId: Id, category: AlbumCategory }).strict();
export type AlbumUnlockBody = z.infer<typeof AlbumUnlockBody>;
export const AlbumUnlockResponse = z.object({
  data: z.object({ category: AlbumCategory, tokens: z.number().int(), charged: z.boolean() }),
});

export const AlbumItem = z
  .object({
    _id: z.string(),
    kind: z.enum(['image', 'video']),
    /** A signed, short-lived URL for the caller. */
    url: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: 'AlbumItem' });
export type AlbumItem = z.infer<typeof AlbumItem>;

export const AlbumItemsParams = z.object({
  remoteId: z.coerce.number().int().min(0).max(1_000_000_000),
  category: AlbumCategory,
});
export const AlbumItemsResponse = z.object({
  data: z.object({
    category: AlbumCategory,
    bot: z.object({ _id: z.string(), remote_id: z.number().int(), name: z.string() }),
    items: z.array(AlbumItem),
    expiresAt: z.string(),
  }),
});

export const UserContentParams = z.object({ chatId: Id });
export const UserContentResponse = z.object({
  data: z.object({
    photos: z.array(
      z.object({ messageId: z.string(), url: z.string(), self: z.boolean(), date: z.string() }),
    ),
  }),
});

/** The user's collection across characters (the /album page). */
export const AlbumCollectionResponse = z.object({
  data: z.object({
    subscribed: z.boolean(),
    bots: z.array(
      z.object({
        bot: z.object({
          _id: z.string(),
          remote_id: z.number().int(),
          name: z.string(),
          avatar: z.string().nullable(),
        }),
        categories: z.array(AlbumCategoryView),
      }),
    ),
  }),
});

// Operator console.

export const AdminAlbumParams = z.object({ botId: Id });
export const AdminAlbumCategoryParams = z.object({ botId: Id, category: AlbumCategory });
export const AdminAlbumItemParams = z.object({ botId: Id, itemId: Id });
export const AdminAlbumCategoryBody = z
  .object({
    enabled: z.boolean().optional(),
    price: z.number().int().min(0).max(1_000_000).optional(),
    /** The item whose blurred teaser becomes the cover. */
    coverItemId: Id.nullable().optional(),
  })
  .strict();
export type AdminAlbumCategoryBody = z.infer<typeof AdminAlbumCategoryBody>;
export const AdminAlbumCategory = z
  .object({
    category: AlbumCategory,
    enabled: z.boolean(),
    price: z.number().int(),
    cover: z.string().nullable(),
    coverItemId: z.string().nullable(),
    items: z.array(AlbumItem),
  })
  .meta({ id: 'AdminAlbumCategory' });
export type AdminAlbumCategory = z.infer<typeof AdminAlbumCategory>;
export const AdminAlbumResponse = z.object({
  data: z.object({ botId: z.string(), categories: z.array(AdminAlbumCategory) }),
});
export const AdminAlbumItemResponse = z.object({ data: AlbumItem });

/** Upload limits for album items. */
export const ALBUM_IMAGE_MAX_BYTES = 10_000_000;
export const ALBUM_VIDEO_MAX_BYTES = 50_000_000;
export const ALBUM_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ALBUM_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
