// Reads a V8 .cpuprofile (node --cpu-prof) and answers where the time went: the
// functions with the most self time, and the share of time under each package.
import fs from 'node:fs/promises';
import path from 'node:path';

function where(frame) {
  const url = frame.url.replace(/^file:\/\//, '');
  if (url === '') return '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node core';
  return path.basename(url);
}

/**
 * Self time per function and per package, largest first, in ms and as a share of
 * the busy time (idle samples left out: a server waits most of its life).
 */
export async function summariseProfile(file, top = 20) {
  const profile = JSON.parse(await fs.readFile(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  let total = 0;
  let idle = 0;
  const functions = new Map();
  const packages = new Map();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id).callFrame;
    const name = frame.functionName || '(anonymous)';
    if (name === '(idle)') {
      idle += us;
      continue;
    }
    total += us;
    const key = `${name} ${where(frame)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
    const pkg = ['(program)', '(garbage collector)'].includes(name) ? name : where(frame);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const rank = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: us / total }));
  return {
    totalMs: (total + idle) / 1000,
    busyMs: total / 1000,
    functions: rank(functions),
    packages: rank(packages),
  };
}
