// `npm start` (the site and the jobs in one process), `npm run web` (`--web`: the
// site only) and `npm run worker` (`--worker`: the jobs only): builds whatever that
// process needs and is not built yet (or older than its sources), then runs the
// server in the foreground, with the allocator set for it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build, needsBuild, root, serverNeedsBuild } from './build-if-needed.mjs';

// Output nobody reads any more (`npm start | tee log`, tee gone) must not end this
// script: the server it runs would be left without the one passing it signals.
process.stdout.on('error', () => undefined);
process.stderr.on('error', () => undefined);

const args = process.argv.slice(2);
// A worker and a migration serve no pages: they need the server bundle only.
const servesPages = !args.includes('--worker') && !args.includes('--migrate');
const started = Date.now();
const built = [];
if (
  servesPages &&
  needsBuild('apps/web/dist/index.html', ['apps/web/src', 'packages/shared/src'])
) {
  build('@adboard/web');
  built.push('the web app');
}
if (serverNeedsBuild()) {
  build('@adboard/server');
  built.push('the server');
}
if (built.length > 0) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1).replace(/\.0$/, '');
  console.log(`built ${built.join(' and ')} in ${seconds} s`);
}

// The server runs as a process of its own, started with the allocator setting in
// its environment: glibc's malloc reads MALLOC_ARENA_MAX once, when a process
// starts, so setting it here in this process would be too late. Two arenas keep
// sharp's native memory from fragmenting across one arena per thread: without
// them a long-running server passes 400 MB after about 150 photos
// (docs/operations.md, bench/photo-memory.mjs). An operator's own value is kept.
const env = { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2' };
// The IPC channel is the server's way to know this script is gone, even after a
// SIGKILL that no handler here sees: its end closes, and the server stops, its
// embedded database with it (apps/server/src/process-end.ts).
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js'), ...args], {
  env,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});

// A signal to `npm start` (Ctrl-C, a process manager's SIGTERM, a closed terminal's SIGHUP)
// goes to the server, which stops cleanly; a second copy of the same signal it ignores.
const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const forward = (signal) => server.kill(signal);
for (const signal of stopSignals) process.on(signal, forward);

// `npm start` runs this script through `sh -c`, and a SIGTERM to npm ends that
// shell without passing it on: this script would be left running, its server with
// it. A parent gone (this script handed to another) stops the server the same way.
const parent = process.ppid;
const watchParent = setInterval(() => {
  if (process.ppid !== parent) {
    clearInterval(watchParent);
    forward('SIGTERM');
  }
}, 500);
watchParent.unref();

server.once('error', (error) => {
  console.error(`Cannot start the server: ${error.message}`);
  process.exit(1);
});
server.once('exit', (code, signal) => {
  if (signal) {
    // Ends the same way the server did.
    for (const name of stopSignals) process.off(name, forward);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
