import {
  fallbackLanguage,
  languageOfCookieHeader,
  resolveLanguage,
  sayIn,
  type Language,
  type Text,
} from '@adboard/shared';
import type { FastifyRequest } from 'fastify';

/**
 * The language a request is answered in: the reader's choice in the language menu (the
 * `lang` cookie), else the signed-in account's, else `Accept-Language` (the app sends
 * its own language with every call), else the brand's. The app page and the API
 * follow this one rule, so the app and the server's answers speak the same language.
 */
export function languageOfRequest(request: FastifyRequest): Language {
  // The actor is resolved before a handler runs; an error in an earlier hook has none.
  const actor = request.actor as typeof request.actor | null;
  return resolveLanguage({
    chosen: languageOfCookieHeader(request.headers.cookie),
    account: actor?.user?.language,
    acceptLanguage: request.headers['accept-language'],
    // An error before the site is known (a hook's) answers in the fallback language.
    brand: (request.site as typeof request.site | null)?.language ?? fallbackLanguage,
  });
}

/** A text of an answer, said in the request's language. */
export function sayTo(request: FastifyRequest, text: Text): string {
  return sayIn(languageOfRequest(request), text);
}
