import {
  IMAGE_DATA_URL,
  USER_PHOTO_MAX_BYTES,
  USER_PHOTO_MAX_HEIGHT,
  USER_PHOTO_MAX_WIDTH,
} from '@amora/shared/media.ts';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';
import type { MessageKey, MessageParams } from '../../lib/messages/index.ts';

export type AcceptedPhoto = { jpeg: Buffer; width: number; height: number };

const invalid = (key: MessageKey, params?: MessageParams) => new AppError('VALIDATION_ERROR', key, params);

/**
 * A photo the user sends: a data URL whose bytes sharp decodes as a real JPEG, PNG or WebP under
 * the size limit. It is re-encoded (EXIF and anything hidden dropped) to at most 800×600 JPEG.
 */
export async function acceptUserPhoto(dataUrl: string): Promise<AcceptedPhoto> {
  const m = IMAGE_DATA_URL.exec(dataUrl.trim());
  if (!m) throw invalid('photo.type');
  const bytes = Buffer.from(m[2]!, 'base64');
  if (bytes.length === 0) throw invalid('photo.empty');
  if (bytes.length > USER_PHOTO_MAX_BYTES)
    throw invalid('photo.tooLarge', { kb: Math.floor(USER_PHOTO_MAX_BYTES / 1000) });
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
    format = meta.format;
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw invalid('photo.unreadable');
  }
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp') throw invalid('photo.type');
  if (width < 1 || height < 1) throw invalid('photo.unreadable');
  try {
    const { data, info } = await sharp(bytes)
      .rotate()
      .resize({
        width: USER_PHOTO_MAX_WIDTH,
        height: USER_PHOTO_MAX_HEIGHT,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch {
    throw invalid('photo.unreadable');
  }
}
