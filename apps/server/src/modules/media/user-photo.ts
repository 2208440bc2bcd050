import {
  IMAGE_DATA_URL,
  USER_PHOTO_MAX_BYTES,
  USER_PHOTO_MAX_HEIGHT,
  USER_PHOTO_MAX_WIDTH,
} from '@amora/shared/media.ts';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';

export type AcceptedPhoto = { jpeg: Buffer; width: number; height: number };

const invalid = (message: string) => new AppError('VALIDATION_ERROR', message);

/**
 * A photo the user sends: a data URL whose bytes sharp decodes as a real JPEG, PNG or WebP under
 * the size limit. It is re-encoded (EXIF and anything hidden dropped) to at most 800×600 JPEG.
 */
export async function acceptUserPhoto(dataUrl: string): Promise<AcceptedPhoto> {
  const m = IMAGE_DATA_URL.exec(dataUrl.trim());
  if (!m) throw invalid('The photo must be a JPEG, PNG or WebP image');
  const bytes = Buffer.from(m[2]!, 'base64');
  if (bytes.length === 0) throw invalid('The photo is empty');
  if (bytes.length > USER_PHOTO_MAX_BYTES)
    throw invalid(`The photo is too large (at most ${Math.floor(USER_PHOTO_MAX_BYTES / 1000)} KB)`);
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
    format = meta.format;
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    throw invalid('The file is not a readable image');
  }
  if (format !== 'jpeg' && format !== 'png' && format !== 'webp')
    throw invalid('The photo must be a JPEG, PNG or WebP image');
  if (width < 1 || height < 1) throw invalid('The file is not a readable image');
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
    throw invalid('The file is not a readable image');
  }
}
