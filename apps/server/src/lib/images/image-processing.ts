import sharp from 'sharp';

/** The image types the server accepts, told apart by their first bytes (never by name or type). */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/** What the server stores: re-encoded bytes and what to serve them as. */
export interface ProcessedImage {
  data: Buffer;
  contentType: string;
  /** File name extension (`jpg`, `png`, `webp`). */
  extension: string;
  width: number;
  height: number;
}

export interface ImageLimits {
  /** More pixels than this are refused before decoding (decompression bombs). */
  maxPixels: number;
  /** The longest side after re-encoding; larger images are scaled down. */
  maxSide: number;
}

/** Not one of the accepted images, a broken one, or one with too many pixels. */
export class UnsupportedImageError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnsupportedImageError';
  }
}

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The format by its magic bytes, or undefined for anything else (SVG, HTML, PDF, …). */
export function detectImageFormat(bytes: Buffer): ImageFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return undefined;
}

/**
 * Decodes and re-encodes an image (docs/architecture.md, "Security requirements"): turned upright by
 * its EXIF orientation, scaled into `maxSide`, and written afresh without any metadata (EXIF,
 * GPS, XMP, ICC comments). The format stays, except GIF, which becomes a PNG of its first frame.
 */
export async function reencodeImage(bytes: Buffer, limits: ImageLimits): Promise<ProcessedImage> {
  const format = detectImageFormat(bytes);
  if (!format) throw new UnsupportedImageError('unknown signature');
  let pipeline = sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'error' })
    .rotate()
    .resize({
      width: limits.maxSide,
      height: limits.maxSide,
      fit: 'inside',
      withoutEnlargement: true,
    });
  let contentType: string;
  let extension: string;
  if (format === 'jpeg') {
    pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
    [contentType, extension] = ['image/jpeg', 'jpg'];
  } else if (format === 'webp') {
    pipeline = pipeline.webp({ quality: 85 });
    [contentType, extension] = ['image/webp', 'webp'];
  } else {
    pipeline = pipeline.png({ compressionLevel: 9 });
    [contentType, extension] = ['image/png', 'png'];
  }
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, contentType, extension, width: info.width, height: info.height };
  } catch (error) {
    // libvips refuses broken files and those over the pixel limit alike.
    throw new UnsupportedImageError(error instanceof Error ? error.message : String(error));
  }
}
