import { z } from 'zod';
import { apiErrorBodySchema } from './api-error.js';
import { languages } from '../i18n/languages.js';
import { statusOfDomainError, type EndpointSpec } from './endpoint.js';
import { rateLimitRules } from './rate-limits.js';

/** JSON Schema (draft 2020-12, what OpenAPI 3.1 speaks) of a request or an answer. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

/** The object schema's properties as OpenAPI parameters of one place (path or query). */
function parametersOf(schema: z.ZodType | undefined, place: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const accessText: Record<EndpointSpec['access'], string> = {
  anyone: 'Anyone.',
  user: 'A signed-in account (header `session`).',
  ad: "The ad's owner (header `session`) or the holder of its edit token (header `edit-token`).",
  moderator: 'A moderator or an admin (header `session`).',
  admin: 'An admin (header `session`).',
};

function operationOf(spec: EndpointSpec) {
  const limit = spec.rateLimit ? rateLimitRules[spec.rateLimit.action] : undefined;
  const notes = [
    `Who may call: ${accessText[spec.access]}`,
    limit
      ? `Rate limit \`${spec.rateLimit?.action}\`: ${limit.ip.max} per ${limit.ip.windowMs / 60_000} min per address` +
        (spec.rateLimit?.account
          ? `, ${limit.account.max} per ${limit.account.windowMs / 60_000} min per account.`
          : '.')
      : null,
    spec.idempotent
      ? 'Takes an `Idempotency-Key` header: the same key answers the first result.'
      : null,
    spec.changesAds
      ? "Second-factor door: a signed-in account its site requires to have a second factor (staff always; advertisers per the site's rule, by default once they own a paid ad) and that has none is refused with 403 and `secondFactorRequired: true`."
      : null,
  ].filter((note): note is string => note !== null);

  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(spec.responses)) {
    responses[status] = schema
      ? {
          description: status === '304' ? 'Not modified.' : 'Success.',
          ...(status === '304'
            ? {}
            : { content: { 'application/json': { schema: jsonSchema(schema, 'output') } } }),
        }
      : { description: 'Success.' };
  }
  const errorStatuses = new Set([
    ...(spec.params || spec.query || spec.body ? [statusOfDomainError.validation] : []),
    ...spec.errors.map((code) => statusOfDomainError[code]),
  ]);
  for (const status of [...errorStatuses].sort()) {
    responses[String(status)] = { $ref: '#/components/responses/Error' };
  }

  return {
    operationId: `${spec.method.toLowerCase()}${spec.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ? c.toUpperCase() : ''))}`,
    summary: spec.summary,
    description: notes.join('\n\n'),
    tags: [spec.tag],
    parameters: [
      { $ref: '#/components/parameters/AcceptLanguage' },
      ...parametersOf(spec.params, 'path'),
      ...parametersOf(spec.query, 'query'),
      ...(spec.idempotent
        ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' } }]
        : []),
    ],
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(spec.body, 'input') } },
          },
        }
      : spec.raw === 'multipart'
        ? {
            requestBody: {
              required: true,
              content: { 'multipart/form-data': { schema: { type: 'object' } } },
            },
          }
        : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of these endpoints. */
export function openApiDocument(
  endpoints: readonly EndpointSpec[],
  info: { title: string; version: string },
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of endpoints) {
    const item = (paths[spec.path] ??= {});
    item[spec.method.toLowerCase()] = operationOf(spec);
  }
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        'Every endpoint of the site, generated from its declaration in packages/shared/src/contract.',
    },
    paths,
    components: {
      parameters: {
        AcceptLanguage: {
          name: 'Accept-Language',
          in: 'header',
          required: false,
          description: `The language of the answer's texts (\`error\` and each field's problem): the first of ${languages.join(', ')} it names. The \`lang\` cookie of the language menu, when set, wins over it; with neither, the site's own language. The web app sends its language with every call.`,
          schema: { type: 'string', examples: ['fr-CA,fr;q=0.9,en;q=0.5'] },
        },
      },
      responses: {
        Error: {
          description:
            "Refused: a catalogue message in the request's language (see Accept-Language), and per field what is wrong when the input is.",
          content: { 'application/json': { schema: jsonSchema(apiErrorBodySchema, 'output') } },
        },
      },
    },
  };
}
