import { parse } from 'yaml';
import { z } from 'zod';
import { readRepoFile } from './repo-files.js';

/**
 * compose.yaml as Docker Compose reads it: YAML with merge keys (`<<: *anchor`), then
 * `${VAR…}` filled from the .env file beside it.
 */
const dependency = z.object({
  condition: z.enum(['service_started', 'service_healthy', 'service_completed_successfully']),
});

const service = z.object({
  image: z.string(),
  command: z.union([z.string(), z.array(z.string())]).optional(),
  entrypoint: z.union([z.string(), z.array(z.string())]).optional(),
  environment: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  depends_on: z.record(z.string(), dependency).optional(),
  volumes: z.array(z.string()).optional(),
  ports: z.array(z.string()).optional(),
  restart: z.string().optional(),
  stop_grace_period: z.string().optional(),
  healthcheck: z
    .object({ test: z.array(z.string()).optional(), disable: z.boolean().optional() })
    .optional(),
});

const composeFile = z.object({
  services: z.record(z.string(), service),
  volumes: z.record(z.string(), z.unknown()).optional(),
});

export type ComposeService = z.infer<typeof service>;
export type ComposeFile = z.infer<typeof composeFile>;

/** compose.yaml's document, merge keys applied. */
export function composeDocument(): unknown {
  return parse(readRepoFile('compose.yaml'), { merge: true });
}

export function loadCompose(): ComposeFile {
  return composeFile.parse(composeDocument());
}

/** Every string value of a document: what compose interpolates (never the comments). */
export function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/** The environment a service's container gets, before interpolation. */
export function environmentOf(svc: ComposeService): Record<string, string> {
  return Object.fromEntries(
    Object.entries(svc.environment ?? {}).map(([name, value]) => [name, String(value)]),
  );
}

export class InterpolationError extends Error {
  override name = 'InterpolationError';
  constructor(readonly variable: string) {
    super(`compose refuses to start: ${variable} is not set`);
  }
}

const reference = /\$(?:(\$)|\{(\w+)(?:(:?[-?])([^}]*))?\}|(\w+)|(.?))/g;

/**
 * `$$` (a dollar), `$VAR`, `${VAR}`, `${VAR:-default}` (unset or empty), `${VAR-default}`
 * (unset), `${VAR:?message}` (refused unset or empty), `${VAR?message}` (refused unset).
 * Any other `$` throws: a form this reader does not know would be a test passing blindly.
 */
export function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(
    reference,
    (whole, dollar?: string, braced?: string, op?: string, arg?: string, bare?: string) => {
      if (dollar) return '$';
      const name = braced ?? bare;
      if (name === undefined) throw new Error(`unknown interpolation ${whole} in ${text}`);
      const value = vars[name];
      const missing = op?.startsWith(':') ? !value : value === undefined;
      if (!missing) return value ?? '';
      if (op?.endsWith('?')) throw new InterpolationError(name);
      return op?.endsWith('-') ? (arg ?? '') : '';
    },
  );
}

/** The variables texts interpolate, and those of them compose refuses to start without. */
export function variablesOf(texts: readonly string[]): { all: string[]; required: string[] } {
  const all = new Set<string>();
  const required = new Set<string>();
  for (const match of texts.flatMap((text) => [...text.matchAll(reference)])) {
    const name = match[2] ?? match[5];
    if (!name) continue;
    all.add(name);
    if (match[3]?.endsWith('?')) required.add(name);
  }
  return { all: [...all], required: [...required] };
}

/** A .env file: NAME=value lines, # comments, blank lines. */
export function parseEnvFile(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (/^\s*(#|$)/.test(line)) continue;
    const [, name, value] = /^\s*([A-Za-z_]\w*)=(.*)$/.exec(line) ?? [];
    if (name === undefined || value === undefined) {
      throw new Error(`not a NAME=value line: ${line}`);
    }
    vars[name] = value.trim();
  }
  return vars;
}
