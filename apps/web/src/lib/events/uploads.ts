import type { UploadResponse } from '@livent/shared';
import { api } from '../api/typed-api';
import { prepareImage } from './image-resize';

/**
 * Uploads an image (`POST /api/uploads`, multipart field `file`; ADR 015), resized in the browser
 * first when it is large (docs/product-spec.md section 5). The answer's `url` is the path settings store.
 */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<UploadResponse> {
  const body = new FormData();
  body.append('file', await prepareImage(file));
  return api.post('/uploads', { body, signal });
}
