import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, settingNames } from '../../src/config.js';
import { productionEnv } from '../support/production-env.js';
import {
  environmentOf,
  interpolate,
  InterpolationError,
  composeDocument,
  loadCompose,
  parseEnvFile,
  stringsOf,
  variablesOf,
  type ComposeService,
} from './compose-file.js';
import { envOf, parseDockerfile } from './dockerfile.js';
import { readRepoFile } from './repo-files.js';

/**
 * compose.yaml (the whole site on one Docker host) and its settings example,
 * read as Docker Compose reads them; nothing here runs a container.
 */
const compose = loadCompose();
const example = parseEnvFile(readRepoFile('deploy/compose.env.example'));
const service = (name: string): ComposeService => {
  const found = compose.services[name];
  if (!found) throw new Error(`compose.yaml has no service ${name}`);
  return found;
};
const appImage = service('migrate').image;
/** The services that run the site's image: every setting they get is the server's. */
const appServices = Object.entries(compose.services).filter(([, svc]) => svc.image === appImage);
const commandOf = (svc: ComposeService) =>
  typeof svc.command === 'string' ? svc.command.split(' ') : svc.command;

/** The ENV of the image's final stage. */
function imageEnv(): Record<string, string> {
  const runtime = parseDockerfile(readRepoFile('Dockerfile')).stages.at(-1);
  if (!runtime) throw new Error('the Dockerfile has no stage');
  return envOf(runtime);
}

/** The settings named in docs/operations.md's Settings table. */
function documentedSettings(): Set<string> {
  const operations = readRepoFile('docs/operations.md');
  const section = /^## Settings\n([\s\S]*?)(?=^## )/m.exec(operations)?.[1] ?? '';
  return new Set([...section.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1] ?? ''));
}

/** The variables compose.yaml interpolates, and those it cannot start without. */
const variables = variablesOf(stringsOf(composeDocument()));

/**
 * What an operator puts in .env: the example with its blanks filled, the required ones
 * and the rate (production needs one source), with the values the tests start
 * production with.
 */
function filledExample(): Record<string, string> {
  const filled: Record<string, string> = {};
  for (const [name, value] of Object.entries(example)) {
    const required = variables.required.includes(name);
    filled[name] =
      value || productionEnv[name] || (required ? `${name.toLowerCase()}-0123456789abcdef` : '');
  }
  return filled;
}

describe('compose.yaml', () => {
  it('has the database, Redis, an S3 server and its bucket, the migration, two web servers, a worker and the proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['migrate', 'postgres', 'proxy', 'redis', 's3', 's3-setup', 'web1', 'web2', 'worker'].sort(),
    );
    expect(appServices.map(([name]) => name).sort()).toEqual(
      ['migrate', 'web1', 'web2', 'worker'].sort(),
    );
  });

  it('runs each role of the image with its flag', () => {
    expect(commandOf(service('migrate'))).toEqual(['--migrate']);
    expect(commandOf(service('web1'))).toEqual(['--web']);
    expect(commandOf(service('web2'))).toEqual(['--web']);
    expect(commandOf(service('worker'))).toEqual(['--worker']);
    // The migration runs once and is done; the others come back.
    expect(service('migrate').restart).toBe('no');
    for (const name of ['web1', 'web2', 'worker']) {
      expect(service(name).restart, name).toBe('unless-stopped');
      // The server's own stop deadline is 25 s: compose must not SIGKILL it at 10.
      expect(service(name).stop_grace_period, name).toBe('30s');
    }
  });

  it('starts each service once what it needs is ready', () => {
    expect(service('migrate').depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(service('s3-setup').depends_on).toEqual({ s3: { condition: 'service_healthy' } });
    for (const name of ['web1', 'web2', 'worker']) {
      expect(service(name).depends_on, name).toEqual({
        migrate: { condition: 'service_completed_successfully' },
        's3-setup': { condition: 'service_completed_successfully' },
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        s3: { condition: 'service_healthy' },
      });
    }
    expect(service('proxy').depends_on).toEqual({
      web1: { condition: 'service_healthy' },
      web2: { condition: 'service_healthy' },
    });
  });

  it('checks the health of what others wait for; the processes without HTTP are not probed', () => {
    // Over TCP: during its first start the image's temporary server listens on the socket only.
    expect(service('postgres').healthcheck?.test).toEqual([
      'CMD',
      'pg_isready',
      '-h',
      '127.0.0.1',
      '-U',
      'adboard',
      '-d',
      'adboard',
    ]);
    expect(service('redis').healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
    expect(service('s3').healthcheck?.test).toEqual(['CMD', 'mc', 'ready', 'local']);
    // The web servers keep the image's HEALTHCHECK (/readyz); a worker and the migration
    // serve no HTTP, so the image's probe would call them unhealthy.
    expect(service('web1').healthcheck).toBeUndefined();
    expect(service('web2').healthcheck).toBeUndefined();
    expect(service('worker').healthcheck).toEqual({ disable: true });
    expect(service('migrate').healthcheck).toEqual({ disable: true });
  });

  it('keeps the database and the bucket in named volumes', () => {
    expect(service('postgres').volumes).toEqual(['postgres-data:/var/lib/postgresql/data']);
    expect(service('s3').volumes).toEqual(['s3-data:/data']);
    expect(Object.keys(compose.volumes ?? {}).sort()).toEqual(['postgres-data', 's3-data']);
  });

  it('publishes the proxy only, in front of web1 and web2 on the port the image listens on', () => {
    const published = Object.entries(compose.services).filter(([, svc]) => svc.ports);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
    expect(service('proxy').volumes).toEqual([
      './deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro',
    ]);
    const port = imageEnv().PORT;
    const upstreams = [
      ...readRepoFile('deploy/nginx.conf').matchAll(/^\s*server (\S+?):(\d+)\b/gm),
    ];
    expect(upstreams.map((match) => `${match[1]}:${match[2]}`)).toEqual([
      `web1:${port}`,
      `web2:${port}`,
    ]);
  });

  it("passes the site's services only settings the server reads and the manual documents", () => {
    const documented = documentedSettings();
    for (const [name, svc] of appServices) {
      for (const setting of Object.keys(environmentOf(svc))) {
        expect(settingNames, `${name}: ${setting}`).toContain(setting);
        expect([...documented], `${name}: ${setting}`).toContain(setting);
      }
    }
    // The web servers believe the proxy's X-Forwarded-For, one hop.
    expect(environmentOf(service('web1')).TRUST_PROXY).toBe('1');
    expect(environmentOf(service('web2')).TRUST_PROXY).toBe('1');
  });

  it('gives every service of the site settings production accepts, once the example is filled', () => {
    const vars = filledExample();
    for (const [name, svc] of appServices) {
      const env = Object.fromEntries(
        Object.entries(environmentOf(svc)).map(([key, value]) => [key, interpolate(value, vars)]),
      );
      // The image's own ENV (NODE_ENV=production among them) under compose's.
      const image = imageEnv();
      let error: unknown;
      try {
        loadConfig({ ...image, ...env });
      } catch (caught) {
        error = caught;
      }
      expect(error instanceof ConfigError ? error.message : error, name).toBeUndefined();
    }
  });

  it('refuses to start until the operator sets every secret: the example leaves them blank', () => {
    const texts = stringsOf(composeDocument());
    const { all, required } = variables;
    // The example names every variable compose.yaml reads, and only those.
    expect(Object.keys(example).sort()).toEqual([...all].sort());
    for (const secret of [
      'POSTGRES_PASSWORD',
      'MINIO_ROOT_PASSWORD',
      'S3_SECRET_ACCESS_KEY',
      'PHOTO_URL_SECRET',
      'SMTP_URL',
      'TWILIO_AUTH_TOKEN',
    ]) {
      expect(required, secret).toContain(secret);
      expect(example[secret], secret).toBe('');
    }
    // Filled, it interpolates; each required one left blank stops it, named.
    const filled = filledExample();
    for (const text of texts) interpolate(text, filled);
    for (const name of required) {
      const blank = { ...filled, [name]: '' };
      const refused = texts.flatMap((text) => {
        try {
          interpolate(text, blank);
          return [];
        } catch (error) {
          return error instanceof InterpolationError ? [error.variable] : [String(error)];
        }
      });
      expect(refused.length, name).toBeGreaterThan(0);
      expect(new Set(refused), name).toEqual(new Set([name]));
    }
  });
});
