import { TWO_FACTOR_REQUIRED_MESSAGE } from '@livent/shared/constants';
import { ApiError, parseApiErrorBody } from './api-error';
import { i18n } from './i18n/i18n';
import { notify } from './notifications';

export { ApiError };

/**
 * How requests are authenticated (filled by `lib/auth/session.ts`): `headers` adds
 * `Authorization` from the in-memory access token; `refresh` renews it after a 401 of a request
 * that was sent with `sentHeaders`, and says whether that request may be retried once.
 */
export interface ApiAuth {
  headers(): Record<string, string>;
  refresh(sentHeaders: Record<string, string>): Promise<boolean>;
}

const anonymous: ApiAuth = { headers: () => ({}), refresh: async () => false };
let auth: ApiAuth = anonymous;

export function setApiAuth(next: ApiAuth | undefined): void {
  auth = next ?? anonymous;
}

let twoFactorRequired = () => {};

/**
 * What to do when the API refuses a call because the account's enterprise requires two-factor
 * sign-in, which the account has not set up (ADR 071): the app takes the user to the setup.
 */
export function setTwoFactorRequiredHandler(handler: () => void): void {
  twoFactorRequired = handler;
}

export interface ApiRequest extends Omit<RequestInit, 'body'> {
  /** Sent as JSON; a `FormData` body is sent as it is (multipart, e.g. an image upload). */
  body?: unknown;
  /** Skip the auth headers, e.g. for guest calls with their own token header. */
  anonymous?: boolean;
}

export const API_BASE = '/api';

function retryAfterOf(response: Response): number | undefined {
  const value = Number(response.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

export async function errorFrom(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined; // Not JSON (a proxy's HTML page, an empty body): fall back to the status.
  }
  const parsed = parseApiErrorBody(body);
  const message = parsed?.message ?? (response.statusText || `HTTP ${response.status}`);
  return new ApiError(response.status, message, parsed?.errors, retryAfterOf(response));
}

async function send(
  path: string,
  request: ApiRequest,
  authHeaders: Record<string, string>,
): Promise<Response> {
  const { body, anonymous: _anonymous, headers, ...init } = request;
  // The browser sets the multipart Content-Type with its boundary for FormData itself.
  const multipart = body instanceof FormData;
  return fetch(`${API_BASE}${path}`, {
    ...init,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(body === undefined || multipart ? {} : { 'Content-Type': 'application/json' }),
      ...authHeaders,
      ...(headers as Record<string, string> | undefined),
    },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  });
}

/**
 * A call with the dashboard's credentials and the one refresh and retry after a 401, whose
 * answer is returned as it is, whatever its status: for bodies that are no JSON (a live stream,
 * a CSV download). `apiFetch` is this plus JSON and errors.
 */
export async function apiResponse(path: string, request: ApiRequest = {}): Promise<Response> {
  const authHeaders = request.anonymous ? {} : auth.headers();
  const response = await send(path, request, authHeaders);
  if (response.status === 401 && !request.anonymous && (await auth.refresh(authHeaders))) {
    return send(path, request, auth.headers());
  }
  return response;
}

/**
 * The one way the dashboard calls the API: JSON in and out, `ApiError` on any non-2xx answer,
 * one refresh and retry after a 401 (docs/architecture.md, "Conventions"), and the "Too many
 * requests" notification on HTTP 429 (docs/product-spec.md section 8).
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return answerOf<T>(await apiResponse(path, request));
}

async function answerOf<T>(response: Response): Promise<T> {
  if (!response.ok) {
    const error = await errorFrom(response);
    if (response.status === 429) {
      notify({ type: 'error', message: i18n.t('errors.tooManyRequests') });
    }
    if (response.status === 403 && error.message === TWO_FACTOR_REQUIRED_MESSAGE) {
      twoFactorRequired();
    }
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export interface UploadRequest {
  body: FormData;
  signal?: AbortSignal;
  /** The share of the body sent so far, 0 to 1, as the browser reports it. */
  onProgress?: (sent: number) => void;
}

/** An answer without a body may not be given one (the Response constructor throws). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** fetch cannot report how much of a request body is sent; XMLHttpRequest's `upload` can. */
function sendWithProgress(
  path: string,
  { body, signal, onProgress }: UploadRequest,
  authHeaders: Record<string, string>,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.responseType = 'blob';
    for (const [name, value] of Object.entries({ Accept: 'application/json', ...authHeaders })) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    xhr.onloadend = () => signal?.removeEventListener('abort', abort);
    xhr.onload = () =>
      resolve(
        new Response(NULL_BODY_STATUSES.has(xhr.status) ? null : (xhr.response as Blob), {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: headersOf(xhr.getAllResponseHeaders()),
        }),
      );
    // The same rejection fetch gives when the server cannot be reached.
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    xhr.send(body);
  });
}

/**
 * A multipart POST that reports its upload progress, with what `apiFetch` does: the
 * credentials, one refresh and retry after a 401, `ApiError` and the 429 notification.
 */
export async function apiUpload<T>(path: string, request: UploadRequest): Promise<T> {
  const authHeaders = auth.headers();
  let response = await sendWithProgress(path, request, authHeaders);
  if (response.status === 401 && (await auth.refresh(authHeaders))) {
    response = await sendWithProgress(path, request, auth.headers());
  }
  return answerOf<T>(response);
}
