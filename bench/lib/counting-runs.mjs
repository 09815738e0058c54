// Issue 29: the public pages with each ad's statistics counted (AD_STATS=true) and not
// (AD_STATS=false), measured in the same run: two more servers on the bench's database,
// identical but for that setting (no jobs on either), asked in turns by a person's
// browser (a crawler's or a tool's request is not counted, so it would measure nothing).
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServer, stopServer, waitForReady } from './server.mjs';

/** A phone's browser: the counting rule counts it. */
export const PERSON_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The target: counting keeps at least this share of the requests/s. */
export const COUNTING_RATIO = 0.9;

/** Starts the two servers; `stop` ends both. */
export async function startCountingPair(databaseUrl, defer) {
  const start = async (counting) => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `adboard-bench-stats-${counting}-`));
    defer(() => fs.rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const server = startServer(dataDir, port, {
      databaseUrl,
      env: { AD_STATS: counting ? 'true' : 'false', RUN_JOBS: 'false' },
    });
    defer(() => stopServer(server));
    const base = `http://127.0.0.1:${port}`;
    await waitForReady(base, server);
    return { base, port, server };
  };
  const on = await start(true);
  const off = await start(false);
  return { on, off };
}

/** CPU time (user + system, ms) the process has used so far, from /proc (Linux). */
export function cpuMsOf(pid) {
  // Fields 14 and 15 of /proc/PID/stat, counted after the name in brackets.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS;
}
/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;

/**
 * Rounds of on / off for each page (the order swapped every round, so neither is always
 * first); `run(base, label, targets, warmup)` measures one. Each result also carries
 * `cpuMs`, the CPU time its server spent in that run.
 */
export async function countingRounds({ pair, pages, rounds, run }) {
  const results = pages.map(() => ({ on: [], off: [] }));
  for (let round = 0; round < rounds; round++) {
    console.log(`counting round ${round + 1} of ${rounds}`);
    for (const [i, page] of pages.entries()) {
      const order = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
      for (const side of order) {
        const label = `${page.label}, counting ${side}`;
        const targets = page.targets(pair[side].port).map((t) => ({
          ...t,
          headers: { 'user-agent': PERSON_AGENT },
        }));
        // The server's own CPU time per answer: what the load on the rest of the
        // machine (the load generator included) does not change.
        const pid = pair[side].server.child.pid;
        const cpuBefore = cpuMsOf(pid);
        const result = await run(pair[side].base, label, targets, round === 0);
        results[i][side].push({ ...result, cpuMs: cpuMsOf(pid) - cpuBefore });
      }
    }
  }
  return results;
}
