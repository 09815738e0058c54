// The ceiling of a page benchmark: a bare Fastify server whose routes answer
// bytes captured from the real server, from memory (no database, no rendering).
//
// It runs as a child process of the bench, like the real server, so it has an
// event loop of its own: served from the bench's process it would share one
// with autocannon and the ceiling would be the load generator's, not Fastify's.
//
// Parent side: `startCeiling(routes)` with routes `[{ path, status, headers, body }]`
// (body a Buffer) answers `{ base, stop }`. Child side: this file run with fork().
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { timeLimit } from './run.mjs';

const self = fileURLToPath(import.meta.url);

/** Headers that belong to one connection or one answer, not to the page. */
const PER_ANSWER = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'date',
]);

export function replayableHeaders(headers) {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name.toLowerCase())),
  );
}

export async function startCeiling(routes) {
  const child = fork(self, ['--child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const listening = new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message));
    child.once('error', reject);
    exited.then((code) => reject(new Error(`the ceiling server exited (${code}) early`)));
  });
  child.send(
    routes.map((r) => ({
      ...r,
      headers: replayableHeaders(r.headers),
      body: r.body.toString('base64'),
    })),
  );
  const { port } = await listening;
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited, timeLimit(10_000).then(() => child.kill('SIGKILL'))]);
    },
  };
}

async function serve(routes) {
  // From the repository's root node_modules: the Fastify the server runs on.
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  for (const route of routes) {
    const body = Buffer.from(route.body, 'base64');
    app.get(route.path, (_request, reply) => {
      reply.code(route.status).headers(route.headers).send(body);
    });
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.send({ port: app.server.address().port });
  process.once('SIGTERM', () => app.close().finally(() => process.exit(0)));
  // The bench died without stopping it (a crash, SIGKILL): go too, not linger as an orphan.
  process.once('disconnect', () => process.exit(0));
}

if (process.argv[2] === '--child' && process.send) {
  process.once('message', (routes) => {
    serve(routes).catch((error) => {
      console.error(`ceiling server: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
  });
}
