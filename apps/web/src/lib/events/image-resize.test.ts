import { IMAGE_RESIZE_THRESHOLD_BYTES } from '@livent/shared';
import { describe, expect, it } from 'vitest';
import { fitWithin, jpgName, needsResize, prepareImage } from './image-resize';

describe('images over 600 KB are resized and converted to JPG (spec section 5)', () => {
  it('resizes only images over the threshold, and never animated GIFs', () => {
    expect(needsResize({ size: IMAGE_RESIZE_THRESHOLD_BYTES, type: 'image/png' })).toBe(false);
    expect(needsResize({ size: IMAGE_RESIZE_THRESHOLD_BYTES + 1, type: 'image/png' })).toBe(true);
    expect(needsResize({ size: 5_000_000, type: 'image/jpeg' })).toBe(true);
    expect(needsResize({ size: 5_000_000, type: 'image/gif' })).toBe(false);
  });

  it('fits the longest side within 2560 px, keeping the aspect ratio, never enlarging', () => {
    expect(fitWithin(5120, 2880)).toEqual({ width: 2560, height: 1440 });
    expect(fitWithin(3000, 6000)).toEqual({ width: 1280, height: 2560 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(10_000, 1)).toEqual({ width: 2560, height: 1 });
  });

  it('names the converted file .jpg', () => {
    expect(jpgName('stage photo.PNG')).toBe('stage photo.jpg');
    expect(jpgName('archive.tar.webp')).toBe('archive.tar.jpg');
    expect(jpgName('noextension')).toBe('noextension.jpg');
    expect(jpgName('.png')).toBe('image.jpg');
  });

  it('uploads small files unchanged', async () => {
    const file = new File([new Uint8Array(1000)], 'logo.png', { type: 'image/png' });
    await expect(prepareImage(file)).resolves.toBe(file);
  });
});
