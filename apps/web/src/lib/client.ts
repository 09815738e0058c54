import {
  fillPath,
  type BodyInputOf,
  type EndpointSpec,
  type ParamsInputOf,
  type QueryInputOf,
  type ResponseOf,
} from '@adboard/shared';
import { answers } from '@adboard/shared';
import { sayNow } from '../i18n/say';
import type { z } from 'zod';
import { ApiError, request, type RequestOptions } from './api';

/** Any JSON: the declared schema is applied by `call` itself. */
const anyJson = { safeParse: (data: unknown) => ({ success: true as const, data }) };

/** The error text of a `{ success: false, error }` answer, whatever its status. */
function failureText(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { success, error } = data as { success?: unknown; error?: unknown };
  return success === false && typeof error === 'string' ? error : undefined;
}

/** What a call sends, typed from its declaration: only the parts it declares. */
export type CallInput<E extends EndpointSpec> = (E['params'] extends z.ZodType
  ? { params: ParamsInputOf<E> }
  : { params?: never }) &
  (E['query'] extends z.ZodType ? { query: QueryInputOf<E> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: BodyInputOf<E> } : { body?: never });

/** The path of a call, its parameters filled in and its query appended. */
export function pathOf<E extends EndpointSpec>(endpoint: E, input: CallInput<E>): string {
  const params = input.params as Record<string, string | number> | undefined;
  const path = fillPath(
    endpoint.path,
    params && Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
  );
  const query = input.query as Record<string, string | number | undefined> | undefined;
  if (!query) return path;
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Calls a declared endpoint: its method and path, the body it declares, and its
 * answer parsed with its declared response schema. A wrong field name or a
 * missing parameter is a compile error; an answer the schema refuses is an error.
 */
export async function call<E extends EndpointSpec>(
  endpoint: E,
  input: CallInput<E>,
  options: RequestOptions = {},
): Promise<ResponseOf<E>> {
  const schema = endpoint.responses[200] ?? endpoint.responses[201];
  if (!schema) throw new Error(`${endpoint.method} ${endpoint.path} declares no JSON answer`);
  const data = await request(
    endpoint.method,
    pathOf(endpoint, input),
    anyJson,
    input.body,
    options,
  );
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data as ResponseOf<E>;
  // A 2xx that says `success: false` is a failure with the server's words.
  const serverError = failureText(data);
  throw new ApiError(200, serverError ?? sayNow(answers.http.internalError), { serverError });
}
