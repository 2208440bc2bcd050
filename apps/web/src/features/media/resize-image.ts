import { USER_PHOTO_MAX_HEIGHT, USER_PHOTO_MAX_WIDTH, USER_PHOTO_QUALITY } from '@amora/shared/media-rules.ts';

export class ImageReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageReadError';
  }
}

/** The size that fits inside max width × max height keeping the aspect ratio (never enlarges). */
export function fitWithin(
  width: number,
  height: number,
  maxWidth = USER_PHOTO_MAX_WIDTH,
  maxHeight = USER_PHOTO_MAX_HEIGHT,
): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new ImageReadError('The file is not an image this browser can read'));
    img.src = src;
  });
}

/**
 * SPEC §5: draws the picked image on a canvas at most 800×600 and encodes it as JPEG at quality
 * 0.6. Resolves to a `data:image/jpeg;base64,...` URL; rejects with ImageReadError for non-images.
 */
export async function resizeImage(file: Blob): Promise<string> {
  if (!file.type.startsWith('image/')) throw new ImageReadError('The file is not an image');
  const url = URL.createObjectURL(file);
  try {
    const img = await loadImage(url);
    const { width, height } = fitWithin(img.naturalWidth, img.naturalHeight);
    if (!width || !height) throw new ImageReadError('The image is empty');
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new ImageReadError('This browser cannot prepare the image');
    // JPEG has no transparency: paint it white rather than black.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(img, 0, 0, width, height);
    const dataUrl = canvas.toDataURL('image/jpeg', USER_PHOTO_QUALITY);
    if (!dataUrl.startsWith('data:image/jpeg'))
      throw new ImageReadError('This browser cannot prepare the image');
    return dataUrl;
  } finally {
    URL.revokeObjectURL(url);
  }
}
