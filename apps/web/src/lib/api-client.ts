import { apiErrorSchema } from '@livent/shared';
import { ApiError } from './api-error';
import { i18n } from './i18n/i18n';
import { notify } from './notifications';

export { ApiError };

/**
 * The seam the accounts issue fills: `headers` adds `Authorization` from the in-memory access
 * token, and `refresh` renews it once on a 401 (single-flight) so the call is retried once.
 */
export interface ApiAuth {
  headers(): Record<string, string>;
  refresh(): Promise<boolean>;
}

const anonymous: ApiAuth = { headers: () => ({}), refresh: async () => false };
let auth: ApiAuth = anonymous;

export function setApiAuth(next: ApiAuth | undefined): void {
  auth = next ?? anonymous;
}

export interface ApiRequest extends Omit<RequestInit, 'body'> {
  /** Sent as JSON. */
  body?: unknown;
  /** Skip the auth headers, e.g. for guest calls with their own token header. */
  anonymous?: boolean;
}

export const API_BASE = '/api';

async function errorFrom(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined; // Not JSON (a proxy's HTML page, an empty body): fall back to the status.
  }
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) return new ApiError(response.status, parsed.data.message, parsed.data.errors);
  return new ApiError(response.status, response.statusText || `HTTP ${response.status}`);
}

async function send(path: string, request: ApiRequest): Promise<Response> {
  const { body, anonymous: skipAuth, headers, ...init } = request;
  return fetch(`${API_BASE}${path}`, {
    ...init,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(skipAuth ? {} : auth.headers()),
      ...(headers as Record<string, string> | undefined),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * The one way the dashboard calls the API: JSON in and out, `ApiError` on any non-2xx answer,
 * and the "Too many requests" notification on HTTP 429 (spec section 8).
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  let response = await send(path, request);
  if (response.status === 401 && !request.anonymous && (await auth.refresh())) {
    response = await send(path, request);
  }
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
