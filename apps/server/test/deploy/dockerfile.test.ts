import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  envOf,
  execForm,
  instructionsIn,
  parseDockerfile,
  type Dockerfile,
  type Stage,
} from './dockerfile.js';
import { pinnedNodeVersion, readRepoFile } from './repo-files.js';

/**
 * The image (Dockerfile at the root) as far as it can be checked without Docker: no
 * image can be pulled or built on this machine (docs/operations.md, Containers).
 */
const dockerfile: Dockerfile = parseDockerfile(readRepoFile('Dockerfile'));
const finalStage = (): Stage => {
  const stage = dockerfile.stages.at(-1);
  if (!stage) throw new Error('the Dockerfile has no stage');
  return stage;
};
const runs = (stage: Stage) => instructionsIn(stage, 'RUN').map((run) => run.args);
/** `/bin/sh -c command` with only `env`; its exit code. */
function runShell(command: string, env: Record<string, string>): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { env, stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
}

describe('the Dockerfile', () => {
  it('builds and runs on the official slim image of the Node the project pins, in every stage', () => {
    const version = pinnedNodeVersion();
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(3);
    for (const stage of dockerfile.stages) {
      expect(stage.image, stage.name).toMatch(
        new RegExp(`^node:${version.replace(/\./g, '\\.')}-\\w+-slim$`),
      );
    }
  });

  it('builds in a stage of its own: npm ci with the dev tools, then npm run build', () => {
    const build = dockerfile.stages.find((stage) => stage.name === 'build');
    const commands = build ? runs(build).join(' && ') : '';
    expect(commands).toMatch(/\bnpm ci\b(?![^&]*--omit)/);
    expect(commands).toMatch(/\bnpm run build\b/);
  });

  it("takes the runtime's packages from npm ci --omit=dev, which keeps sharp's and argon2's native builds", () => {
    const [deps] = finalStage()
      .instructions.filter((i) => i.keyword === 'COPY' && /node_modules/.test(i.args))
      .map((copy) => /--from=(\S+)/.exec(copy.args)?.[1]);
    const depsStage = dockerfile.stages.find((stage) => stage.name === deps);
    expect(depsStage, `the stage ${deps} the packages come from`).toBeDefined();
    const install = depsStage ? runs(depsStage).join(' && ') : '';
    expect(install).toMatch(/\bnpm ci\b[^&]*--omit=dev/);
    // Optional dependencies are where the prebuilt binaries come from.
    expect(install).not.toMatch(/--omit=optional|--no-optional/);
    // And the lock file has them as production packages for this image's platform.
    const lock = JSON.parse(readRepoFile('package-lock.json')) as {
      packages: Record<string, { dev?: boolean; libc?: string[] }>;
    };
    for (const name of [
      '@img/sharp-linux-x64',
      '@img/sharp-libvips-linux-x64',
      '@node-rs/argon2-linux-x64-gnu',
    ]) {
      const entry = lock.packages[`node_modules/${name}`];
      expect(entry, name).toBeDefined();
      expect(entry?.dev, name).toBeUndefined();
      expect(entry?.libc, name).toEqual(['glibc']);
    }
  });

  it('runs the server bundle as a non-root user, in production, with two malloc arenas', () => {
    const stage = finalStage();
    const [user] = instructionsIn(stage, 'USER')
      .map((u) => u.args)
      .slice(-1);
    const uid = /^(\d+)(:\d+)?$/.exec(user ?? '')?.[1];
    expect(uid, 'USER is a numeric uid').toBeDefined();
    expect(Number(uid)).toBeGreaterThan(0);
    const env = envOf(stage);
    expect(env.NODE_ENV).toBe('production');
    expect(env.MALLOC_ARENA_MAX).toBe('2');
    // Reachable from the other containers, on the port it says it listens on.
    expect(env.HOST).toBe('0.0.0.0');
    expect(instructionsIn(stage, 'EXPOSE').map((e) => e.args)).toEqual([env.PORT]);
    const [entrypoint] = instructionsIn(stage, 'ENTRYPOINT').map((e) => execForm(e.args));
    expect(entrypoint).toEqual(['node', 'apps/server/dist/main.js']);
    // The role (--web, --worker, --migrate) is the command compose passes.
    const [cmd] = instructionsIn(stage, 'CMD').map((c) => execForm(c.args));
    expect(cmd).toEqual([]);
  });

  it("checks its health on /readyz with the image's own node (no curl in the image)", async () => {
    const [healthcheck = ''] = instructionsIn(finalStage(), 'HEALTHCHECK').map((h) => h.args);
    const command = /\bCMD (.*)$/.exec(healthcheck)?.[1] ?? '';
    expect(command).toMatch(/^node -e /);
    expect(command).not.toMatch(/\b(curl|wget)\b/);
    // The command as Docker runs it (its shell form: /bin/sh -c), against a server
    // answering 200, one answering 503, and a port nobody listens on.
    const probe = async (status: number | null) => {
      const paths: string[] = [];
      const server = http.createServer((request, response) => {
        paths.push(request.url ?? '');
        response.writeHead(status ?? 500).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as AddressInfo).port;
      if (status === null) await new Promise((resolve) => server.close(resolve));
      const run = await runShell(command, {
        PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`,
        PORT: String(port),
      });
      if (status !== null) await new Promise((resolve) => server.close(resolve));
      return { exitCode: run, paths };
    };
    expect(await probe(200)).toEqual({ exitCode: 0, paths: ['/readyz'] });
    expect(await probe(503)).toEqual({ exitCode: 1, paths: ['/readyz'] });
    expect(await probe(null)).toEqual({ exitCode: 1, paths: [] });
  });

  it('has no build tools, no npm and no dev dependency in the final image', () => {
    const stage = finalStage();
    const commands = runs(stage).join(' && ');
    expect(commands).not.toMatch(/\bnpm (ci|install|i)\b/);
    expect(commands).not.toMatch(/build-essential|python|\bg\+\+|\bgcc\b|\bmake\b/);
    expect(commands).toMatch(/apt-get install -y --no-install-recommends postgresql-client\b/);
    expect(commands).toMatch(/rm -rf \/var\/lib\/apt\/lists/);
    // What is copied in: the production packages, the two builds, the package files.
    const copies = instructionsIn(stage, 'COPY').map((copy) => copy.args);
    for (const copy of copies) {
      expect(copy).toMatch(
        /(\/app\/node_modules|apps\/server\/dist|apps\/web\/dist|package\.json)\s+\S+$/,
      );
    }
  });

  it('leaves the workspace, the data and the secrets out of the build context', () => {
    const ignored = readRepoFile('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    for (const pattern of ['**/node_modules', '**/dist', 'data', '.git', '.env', '.reports']) {
      expect(ignored).toContain(pattern);
    }
  });
});
