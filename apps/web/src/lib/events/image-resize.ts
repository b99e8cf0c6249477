import { IMAGE_RESIZE_THRESHOLD_BYTES } from '@livent/shared';

/** The longest side of an image the dashboard resizes before upload. */
export const RESIZE_MAX_SIDE = 2560;
const JPEG_QUALITY = 0.85;

/**
 * "Images over 600kb are resized and converted to JPG" (docs/product-spec.md section 5). GIFs stay as they are
 * (a canvas would keep only their first frame); the server caps their size.
 */
export function needsResize(file: Pick<File, 'size' | 'type'>): boolean {
  return file.size > IMAGE_RESIZE_THRESHOLD_BYTES && file.type !== 'image/gif';
}

/** The size that fits `maxSide` on the longest side, keeping the aspect ratio; never larger. */
export function fitWithin(
  width: number,
  height: number,
  maxSide = RESIZE_MAX_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** `photo.png` → `photo.jpg`. */
export function jpgName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'image';
  return `${base}.jpg`;
}

/**
 * The file to upload: small images as they are; larger ones drawn onto a canvas at most
 * `RESIZE_MAX_SIDE` wide or high, on white (JPG has no transparency), and encoded as JPG.
 * A file the browser cannot decode is sent as it is, and the server says what is wrong with it.
 */
export async function prepareImage(file: File): Promise<File> {
  if (!needsResize(file)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const size = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return file;
  }
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
  );
  if (!blob) return file;
  return new File([blob], jpgName(file.name), { type: 'image/jpeg' });
}
