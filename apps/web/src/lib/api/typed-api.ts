import { apiFetch, apiUpload, type ApiRequest, type UploadRequest } from '../api-client';
import type { paths } from './schema.gen';

/**
 * The API typed by its OpenAPI document (ADR 039): a call names the documented path and method,
 * and the path parameters, query, body and answer take the types `schema.gen.ts` states for that
 * operation, so a wrong path, parameter or answer type fails the type check. Underneath it is
 * `apiFetch`, with everything it does (credentials, one refresh and retry after a 401, `ApiError`,
 * the 429 notification).
 */

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';

/** The document's paths without the `/api` prefix that `apiFetch` adds. */
type ApiPaths = { [P in keyof paths as P extends `/api${infer Rest}` ? Rest : never]: paths[P] };

/** The paths that answer a method. */
export type ApiPath<M extends Method> = {
  [P in keyof ApiPaths]: ApiPaths[P][M] extends { responses: unknown } ? P : never;
}[keyof ApiPaths];

type Operation<M extends Method, P extends ApiPath<M>> = ApiPaths[P][M] & {
  parameters: unknown;
  responses: unknown;
};

type JsonOf<Response> = Response extends { content: { 'application/json': infer Body } }
  ? Body
  : Response extends { content?: never }
    ? undefined
    : never;

/** An operation's query, e.g. to type a list's filters by what the route reads. */
export type ApiQuery<M extends Method, P extends ApiPath<M>> = NonNullable<
  Operation<M, P>['parameters'] extends { query?: infer Query } ? Query : never
>;

/** What a 2xx answer holds: its JSON, or `undefined` for 204. */
export type ApiAnswer<M extends Method, P extends ApiPath<M>> = {
  [Status in keyof Operation<M, P>['responses']]: Status extends 200 | 201 | 202 | 204
    ? JsonOf<Operation<M, P>['responses'][Status]>
    : never;
}[keyof Operation<M, P>['responses']];

type BodyOf<RequestBody> = RequestBody extends { content: { 'application/json': infer Body } }
  ? Body
  : RequestBody extends { content: { 'multipart/form-data': unknown } }
    ? FormData
    : never;

type PathOption<Parameters> = Parameters extends { path: infer Values }
  ? { path: Values }
  : { path?: never };
type QueryOption<Parameters> = Parameters extends { query: infer Values }
  ? { query: Values }
  : Parameters extends { query?: infer Values }
    ? [Values] extends [undefined] // `query?: never`
      ? { query?: never }
      : { query?: Values }
    : { query?: never };
type BodyOption<Op> = Op extends { requestBody: infer RequestBody }
  ? { body: BodyOf<RequestBody> }
  : Op extends { requestBody?: infer RequestBody }
    ? [RequestBody] extends [undefined]
      ? { body?: never }
      : { body?: BodyOf<NonNullable<RequestBody>> }
    : { body?: never };

/** A call's options: the operation's parameters and body, and what `apiFetch` takes besides. */
export type ApiOptions<M extends Method, P extends ApiPath<M>> = PathOption<
  Operation<M, P>['parameters']
> &
  QueryOption<Operation<M, P>['parameters']> &
  BodyOption<Operation<M, P>> &
  Omit<ApiRequest, 'body' | 'method'>;

/** The options' keys that may not be left out. */
type RequiredKeys<Options> = {
  [Key in keyof Options]-?: undefined extends Options[Key] ? never : Key;
}[keyof Options];
/** The options may be left out when the operation needs none. */
type OptionsArgument<M extends Method, P extends ApiPath<M>> = [
  RequiredKeys<ApiOptions<M, P>>,
] extends [never]
  ? [options?: ApiOptions<M, P>]
  : [options: ApiOptions<M, P>];

type PathOptions<P extends ApiPath<'get'>> = Pick<ApiOptions<'get', P>, 'path' | 'query'>;
type PathArgument<P extends ApiPath<'get'>> = [RequiredKeys<PathOptions<P>>] extends [never]
  ? [options?: PathOptions<P>]
  : [options: PathOptions<P>];

type QueryValue = string | number | boolean | undefined | null;

/**
 * `?name=value…` of the defined, non-empty values in the object's order, or nothing; what the
 * list and CSV routes read.
 */
export function searchOf(query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

function fillPath(template: string, options: { path?: object; query?: object }): string {
  const values = (options.path ?? {}) as Record<string, string | number>;
  const path = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  return path + searchOf(options.query);
}

/**
 * A documented GET's path with its `{parameters}` filled in (encoded) and its query appended, for
 * the answers that are no JSON (`apiResponse`: a CSV download, a live stream).
 */
export function apiPath<P extends ApiPath<'get'>>(
  template: P,
  ...[options]: PathArgument<P>
): string {
  return fillPath(template, options ?? {});
}

function call(method: Method, template: string, options: ApiOptions<Method, never> | undefined) {
  const { path, query, body, ...request } = (options ?? {}) as {
    path?: object;
    query?: object;
    body?: unknown;
  } & ApiRequest;
  return apiFetch(fillPath(template, { path, query }), {
    ...request,
    // A GET is sent as fetch's default, as the calls before the typed API did.
    ...(method === 'get' ? {} : { method: method.toUpperCase() }),
    ...(body === undefined ? {} : { body }),
  });
}

function caller<M extends Method>(method: M) {
  return <P extends ApiPath<M>>(
    path: P,
    ...options: OptionsArgument<M, P>
  ): Promise<ApiAnswer<M, P>> =>
    // The options and the answer are passed through `never`: resolving the generic options'
    // element type grows a union past what the checker represents (TS2590) once the document
    // has enough paths.
    call(method, path, (options as unknown as never[])[0]) as Promise<never>;
}

/** `api.get('/events/{id}', { path: { id } })`: the dashboard's typed calls of the API. */
export const api = {
  get: caller('get'),
  put: caller('put'),
  post: caller('post'),
  patch: caller('patch'),
  delete: caller('delete'),
};

/**
 * A documented multipart POST with upload progress (`apiUpload`). `Answer` may name one of the
 * documented answers when the form decides which (the import's preview or its report).
 */
export function apiPostUpload<
  P extends ApiPath<'post'>,
  Answer extends ApiAnswer<'post', P> = ApiAnswer<'post', P>,
>(path: P, options: Pick<ApiOptions<'post', P>, 'path'> & UploadRequest): Promise<Answer> {
  const { path: values, ...request } = options as { path?: object } & UploadRequest;
  return apiUpload<Answer>(fillPath(path, { path: values }), request);
}
