// The memory and CPU time of a process, from /proc (Linux): what the photo
// benchmarks report of the server.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';

/** KiB (as /proc reports) in MB. */
export const mb = (kib) => (kib * 1024) / 1e6;

/** How often memory is sampled by default. */
export const SAMPLE_MS = 100;

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time the process has used so far, all its threads, in ms (/proc/PID/stat). */
export async function cpuMs(pid) {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces) in parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

export async function procStatus(pid) {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
}

/**
 * Reads VmRSS and VmHWM of `pid` every `sampleMs` until stopped. VmHWM (the kernel's
 * high-water mark of the resident set) catches peaks between two samples.
 */
export function sampleMemory(pid, sampleMs = SAMPLE_MS) {
  const seen = { peakRss: 0, hwm: 0, samples: 0 };
  const take = async () => {
    try {
      const { rss, hwm } = await procStatus(pid);
      seen.peakRss = Math.max(seen.peakRss, rss);
      seen.hwm = Math.max(seen.hwm, hwm);
      seen.samples += 1;
    } catch {
      // the process has exited
    }
  };
  const timer = setInterval(take, sampleMs);
  return {
    async stop() {
      clearInterval(timer);
      await take();
      return seen;
    },
  };
}
