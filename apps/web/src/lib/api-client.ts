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
  const response = await apiResponse(path, request);
  if (!response.ok) {
    const error = await errorFrom(response);
    if (response.status === 429) {
      notify({ type: 'error', message: i18n.t('errors.tooManyRequests') });
    }
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
