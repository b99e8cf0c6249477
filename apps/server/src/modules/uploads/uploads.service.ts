import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES, IMAGE_MAX_PIXELS, type UploadResponse } from '@livent/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AbuseLimits } from '../../lib/abuse-limits.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import {
  reencodeImage,
  UnsupportedImageError,
  type ProcessedImage,
} from '../../lib/images/image-processing.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { AuthContext } from '../auth/index.js';
import { findUploadByName, insertUpload, type StoredImage } from './uploads.repository.js';

export interface UploadsDependencies {
  db: Kysely<Database>;
  now: Clock;
  limiter: RateLimiter;
  limits: AbuseLimits;
}

/** The longest side of a stored image: enough for a full-width 4K background (ADR 016). */
export const IMAGE_MAX_SIDE = 3840;

/** The names the server gives images; anything else is not one of them. */
export const UPLOAD_NAME_PATTERN = /^[a-z0-9-]{8,64}\.(?:jpg|png|webp|gif)$/;

/**
 * Uploaded images (ADR 015 and 016): checked by their bytes, re-encoded without metadata and
 * stored in the database under a generated name, so every server instance can serve them.
 */
export class UploadsService {
  constructor(private readonly deps: UploadsDependencies) {}

  /** Counts the attempt against the account's upload limit before any bytes are read. */
  async checkLimit(auth: AuthContext): Promise<void> {
    const { limiter, limits } = this.deps;
    await limiter.consume([limits.uploadsPerAccount, auth.user.id]);
  }

  async store(auth: AuthContext, bytes: Buffer): Promise<UploadResponse> {
    let image: ProcessedImage;
    try {
      image = await reencodeImage(bytes, { maxPixels: IMAGE_MAX_PIXELS, maxSide: IMAGE_MAX_SIDE });
    } catch (error) {
      if (error instanceof UnsupportedImageError) {
        throw badRequest(ERROR_MESSAGES.imageNotSupported);
      }
      throw error;
    }
    const name = `${randomUUID()}.${image.extension}`;
    await insertUpload(this.deps.db, {
      id: randomUUID(),
      owner_id: auth.user.id,
      name,
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.data.length,
      data: image.data,
      created_at: this.deps.now().toISOString(),
    });
    return {
      url: `/uploads/${name}`,
      width: image.width,
      height: image.height,
      bytes: image.data.length,
    };
  }

  async find(name: string): Promise<StoredImage> {
    const image = UPLOAD_NAME_PATTERN.test(name)
      ? await findUploadByName(this.deps.db, name)
      : undefined;
    if (!image) throw notFound();
    return image;
  }
}
