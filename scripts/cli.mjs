// `npm run cli -- <command>`: the operator's command line. Builds the server bundle
// when its sources changed (quietly, on stderr), then runs the CLI in the foreground
// with the terminal, and ends with its exit code.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build, root, serverNeedsBuild } from './build-if-needed.mjs';

if (serverNeedsBuild()) build('@adboard/server');
const result = spawnSync(
  process.execPath,
  [path.join(root, 'apps/server/dist/cli.js'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2' },
  },
);
if (result.signal) process.kill(process.pid, result.signal);
process.exit(result.status ?? 1);
