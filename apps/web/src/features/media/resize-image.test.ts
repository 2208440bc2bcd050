import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canSendPhoto } from './photo-rules.ts';
import { fitWithin, ImageReadError, resizeImage } from './resize-image.ts';

describe('fitWithin (SPEC §5: at most 800×600)', () => {
  it('scales big images down keeping the aspect ratio, never up', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 450, height: 600 });
    expect(fitWithin(1600, 400)).toEqual({ width: 800, height: 200 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(0, 10)).toEqual({ width: 0, height: 0 });
  });
});

describe('resizeImage', () => {
  // jsdom cannot decode images or draw: a fake Image with a size and a recording 2D context.
  let size = { width: 0, height: 0 };
  let failDecode = false;
  const drawImage = vi.fn();
  const revokeObjectURL = vi.fn();
  const toDataURL = vi.fn((type?: string, quality?: number) => `data:${type};base64,AAAA${quality}`);

  class FakeImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    naturalWidth = 0;
    naturalHeight = 0;
    set src(_value: string) {
      queueMicrotask(() => {
        if (failDecode) return this.onerror?.();
        this.naturalWidth = size.width;
        this.naturalHeight = size.height;
        this.onload?.();
      });
    }
  }

  beforeEach(() => {
    failDecode = false;
    drawImage.mockReset();
    revokeObjectURL.mockReset();
    vi.stubGlobal('Image', FakeImage);
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = revokeObjectURL;
    const context = { fillStyle: '', fillRect: vi.fn(), drawImage } as unknown as CanvasRenderingContext2D;
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(toDataURL);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('draws a large photo at 800×600 and encodes JPEG at quality 0.6', async () => {
    size = { width: 4032, height: 3024 };
    const url = await resizeImage(new File(['x'], 'me.png', { type: 'image/png' }));
    expect(drawImage).toHaveBeenCalledWith(expect.any(FakeImage), 0, 0, 800, 600);
    expect(toDataURL).toHaveBeenCalledWith('image/jpeg', 0.6);
    expect(url).toBe('data:image/jpeg;base64,AAAA0.6');
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:photo');
  });

  it('keeps a small photo at its size', async () => {
    size = { width: 300, height: 500 };
    await resizeImage(new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    expect(drawImage).toHaveBeenCalledWith(expect.any(FakeImage), 0, 0, 300, 500);
  });

  it('refuses files that are not images, and images the browser cannot read', async () => {
    await expect(
      resizeImage(new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })),
    ).rejects.toBeInstanceOf(ImageReadError);
    failDecode = true;
    await expect(resizeImage(new File(['junk'], 'fake.jpg', { type: 'image/jpeg' }))).rejects.toBeInstanceOf(
      ImageReadError,
    );
    expect(revokeObjectURL).toHaveBeenCalled();
  });
});

describe('canSendPhoto (SPEC §5)', () => {
  it('needs 40 points, a status other than New, and not the support chat', () => {
    expect(canSendPhoto({ points: 40, userStatus: 'Paid', remoteId: 3 })).toBe(true);
    expect(canSendPhoto({ points: 39, userStatus: 'Paid', remoteId: 3 })).toBe(false);
    expect(canSendPhoto({ points: 60, userStatus: 'New', remoteId: 3 })).toBe(false);
    expect(canSendPhoto({ points: 60, userStatus: 'new', remoteId: 3 })).toBe(false);
    expect(canSendPhoto({ points: 60, userStatus: undefined, remoteId: 3 })).toBe(false);
    expect(canSendPhoto({ points: 60, userStatus: 'Paid', remoteId: 0 })).toBe(false);
  });
});
