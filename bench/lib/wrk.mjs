// One wrk run (HTTP GET of one path on one Host) and its figures: requests per
// second, latency percentiles from wrk's own histogram, and the status of every
// answer, counted by a small Lua script (wrk's summary counts only statuses above
// 399 as errors). wrk is Debian's package (`apt-get install -y wrk`), /usr/bin/wrk.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { onInterrupt } from './run.mjs';

export const WRK = process.env.WRK ?? '/usr/bin/wrk';

/**
 * Counts the answers by status in each thread and prints, at the end, one line of
 * JSON: the summary, the latency percentiles (microseconds) and the statuses.
 */
const LUA = `
local threads = {}
function setup(thread)
  table.insert(threads, thread)
end
function init(args)
  statuses = {}
end
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end
function done(summary, latency, requests)
  local counts = {}
  for _, thread in ipairs(threads) do
    local s = thread:get("statuses")
    for status, n in pairs(s) do
      counts[status] = (counts[status] or 0) + n
    end
  end
  local parts = {}
  for status, n in pairs(counts) do
    table.insert(parts, string.format('"%d":%d', status, n))
  end
  local pct = {}
  for _, p in ipairs({50, 75, 90, 99, 99.9}) do
    table.insert(pct, string.format('"%s":%d', tostring(p), latency:percentile(p)))
  end
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"duration_us":%d,"requests":%d,"bytes":%d,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latency":{"min":%d,"max":%d,"mean":%.1f,"stdev":%.1f,"percentiles":{%s}},' ..
    '"statuses":{%s}}\\n',
    summary.duration, summary.requests, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency.min, latency.max, latency.mean, latency.stdev,
    table.concat(pct, ","), table.concat(parts, ",")))
end
`;

let scriptFile = null;
async function luaScript() {
  if (scriptFile && existsSync(scriptFile)) return scriptFile;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'adboard-wrk-'));
  scriptFile = path.join(dir, 'statuses.lua');
  await fs.writeFile(scriptFile, LUA);
  return scriptFile;
}

/** Removes the Lua script's folder (call once at the end). */
export async function removeWrkScript() {
  if (scriptFile) await fs.rm(path.dirname(scriptFile), { recursive: true, force: true });
  scriptFile = null;
}

export function assertWrkInstalled() {
  if (!existsSync(WRK)) {
    throw new Error(`wrk is not at ${WRK}: apt-get install -y wrk (or set WRK=path)`);
  }
}

const running = new Set();
onInterrupt(() => {
  for (const child of running) child.kill('SIGINT');
});

/**
 * `wrk -t THREADS -c CONNECTIONS -d DURATION --latency -H 'Host: …' base+path`,
 * with the status-counting script. Answers the figures (milliseconds, per second)
 * and wrk's own text output. `timeout` (seconds, default 60) is when wrk gives up
 * on an answer: well above any latency worth measuring, so a slow page is figures,
 * not timeouts.
 */
export async function wrkGet(
  base,
  { label, path: urlPath, host, duration, connections = 20, threads = 2, timeout = 60 },
) {
  const script = await luaScript();
  const args = [
    '-t',
    String(threads),
    '-c',
    String(connections),
    '-d',
    `${duration}s`,
    '--timeout',
    `${timeout}s`,
    '--latency',
    '-s',
    script,
    '-H',
    `Host: ${host}`,
    `${base}${urlPath}`,
  ];
  const child = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  running.delete(child);
  const line = stdout.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (code !== 0 || !line) {
    throw new Error(`wrk ${args.join(' ')} exited ${code}: ${stderr.trim() || stdout.trim()}`);
  }
  const raw = JSON.parse(line.slice('WRK_JSON '.length));
  const us = (n) => n / 1000;
  const statuses = Object.fromEntries(
    Object.entries(raw.statuses).sort(([a], [b]) => Number(a) - Number(b)),
  );
  const answered = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  const ok = Object.entries(statuses)
    .filter(([status]) => Number(status) >= 200 && Number(status) < 300)
    .reduce((sum, [, n]) => sum + n, 0);
  const e = raw.errors;
  return {
    label,
    path: urlPath,
    host,
    connections,
    threads,
    seconds: raw.duration_us / 1e6,
    requests: raw.requests,
    answered,
    rps: raw.requests / (raw.duration_us / 1e6),
    bytesPerSecond: raw.bytes / (raw.duration_us / 1e6),
    p50: us(raw.latency.percentiles['50']),
    p75: us(raw.latency.percentiles['75']),
    p90: us(raw.latency.percentiles['90']),
    p99: us(raw.latency.percentiles['99']),
    max: us(raw.latency.max),
    mean: us(raw.latency.mean),
    statuses,
    non2xx: answered - ok,
    socketErrors: e.connect + e.read + e.write,
    timeouts: e.timeout,
    text: stdout.replace(/^WRK_JSON .*\n?/m, '').trim(),
  };
}

/**
 * Fails on any answer that is not 2xx, any socket error or timeout, or (unless
 * `allowNone`: a warm-up shorter than one answer) no answer at all.
 */
export function assertWrkAllOk(result, { allowNone = false } = {}) {
  const problems = [];
  if (result.answered === 0 && !allowNone) {
    problems.push(`no answer within the ${result.seconds.toFixed(1)} s run`);
  }
  if (result.non2xx > 0) problems.push(`statuses ${JSON.stringify(result.statuses)}`);
  if (result.socketErrors > 0) problems.push(`${result.socketErrors} socket errors`);
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeouts`);
  if (problems.length > 0) {
    throw new Error(`${result.label} (${result.path}): ${problems.join(', ')}\n${result.text}`);
  }
}
