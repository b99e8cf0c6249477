import { apiResponse, errorFrom } from './api-client';

/** The file name of a `Content-Disposition` header, or the fallback. */
export function filenameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * Saves a fetched file (a CSV export fetched with the credentials, which a plain link could not
 * send) through a link to its blob, under the server's file name.
 */
export async function saveResponse(response: Response, fallbackName: string): Promise<void> {
  saveBlob(await response.blob(), filenameOf(response, fallbackName));
}

/** Saves a file made in the browser (or fetched) through a link to its blob. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/** Fetches a file with the credentials and saves it; a refusal throws the API's error. */
export async function downloadFile(
  path: string,
  fallbackName: string,
  accept: string,
): Promise<void> {
  const response = await apiResponse(path, { headers: { Accept: accept } });
  if (!response.ok) throw await errorFrom(response);
  await saveResponse(response, fallbackName);
}

/** Fetches a CSV export with the credentials and saves it; a refusal throws the API's error. */
export const downloadCsv = (path: string, fallbackName: string): Promise<void> =>
  downloadFile(path, fallbackName, 'text/csv');
