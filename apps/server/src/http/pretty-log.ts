import { Writable } from 'node:stream';
import pino, { type DestinationStream } from 'pino';

/** pino's numeric levels, as words. */
const LEVELS: Record<number, { name: string; color: string }> = {
  10: { name: 'TRACE', color: '\u001b[90m' },
  20: { name: 'DEBUG', color: '\u001b[36m' },
  30: { name: 'INFO', color: '\u001b[32m' },
  40: { name: 'WARN', color: '\u001b[33m' },
  50: { name: 'ERROR', color: '\u001b[31m' },
  60: { name: 'FATAL', color: '\u001b[41m' },
};
const RESET = '\u001b[0m';
const DIM = '\u001b[2m';

/** Fields every line has, shown in their own places (or not at all). */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
}

function shown(value: unknown): string {
  if (typeof value === 'string')
    return /\s/.test(value) || value === '' ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

/**
 * One pino JSON line as a readable one: `14:03:26 INFO  listening url=http://…`.
 * A request reads as `GET /login 200 in 3.1 ms`, with the start of its id; an
 * error's stack follows on its own lines. A line that is not JSON is kept as it is.
 */
export function formatLogLine(line: string, colors: boolean): string {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (!isRecord(entry)) return line;
  const level = LEVELS[Number(entry.level)] ?? { name: String(entry.level), color: '' };
  const paint = (color: string, text: string) => (colors ? `${color}${text}${RESET}` : text);
  const parts: string[] = [paint(DIM, clock(entry.time)), paint(level.color, level.name.padEnd(5))];
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (!HIDDEN.has(key)) rest[key] = value;
  }
  const req = isRecord(rest.req) ? rest.req : null;
  const res = isRecord(rest.res) ? rest.res : null;
  const asked = req && typeof req.method === 'string' && typeof req.url === 'string';
  if (asked) {
    parts.push(`${String(req.method)} ${String(req.url)}`);
    delete rest.req;
  }
  if (res && typeof res.statusCode === 'number') {
    const ms =
      typeof rest.responseTime === 'number' ? ` in ${rest.responseTime.toFixed(1)} ms` : '';
    parts.push(`${res.statusCode}${ms}`);
    delete rest.res;
    delete rest.responseTime;
  } else if (!asked && typeof entry.msg === 'string') {
    parts.push(entry.msg);
  }
  if (req || res) {
    // 'request' and Fastify's 'incoming request' / 'request completed' say nothing the line does not show.
    if (
      typeof entry.msg === 'string' &&
      !/^(request|incoming request|request completed)$/.test(entry.msg)
    ) {
      parts.push(entry.msg);
    }
    if (typeof rest.reqId === 'string') {
      parts.push(paint(DIM, `[${rest.reqId.slice(0, 8)}]`));
      delete rest.reqId;
    }
  }
  const err = isRecord(rest.err) ? rest.err : null;
  if (err) delete rest.err;
  for (const [key, value] of Object.entries(rest)) parts.push(`${key}=${shown(value)}`);
  let text = parts.join(' ');
  if (err) {
    const stack = typeof err.stack === 'string' ? err.stack : String(err.message ?? '');
    text += `\n    ${stack.split('\n').join('\n    ')}`;
  }
  return text;
}

/**
 * A destination for pino that writes readable lines instead of JSON (a terminal);
 * pino's own JSON is kept everywhere else (files, process managers, tests).
 */
export function prettyLogStream(
  out: NodeJS.WritableStream = process.stdout,
  colors = true,
): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      const text = lines
        .filter((line) => line.trim() !== '')
        .map((line) => `${formatLogLine(line, colors)}\n`)
        .join('');
      if (text) out.write(text);
      done();
    },
  });
}

/** Readable lines on a terminal, JSON otherwise (LOG_FORMAT=auto); or as the setting says. */
export function wantsPrettyLogs(
  format: 'auto' | 'pretty' | 'json',
  out: { isTTY?: boolean } = process.stdout,
): boolean {
  return format === 'pretty' || (format === 'auto' && out.isTTY === true);
}

/**
 * pino's JSON lines to stdout, as pino writes them by default, but never ending
 * the process: pino itself stops writing on EPIPE (nobody reads the pipe any
 * more) and re-emits any other error (EIO from a terminal that closed), which
 * is dropped here with its line.
 */
export function logDestination(): DestinationStream {
  const destination = pino.destination(1);
  destination.on('error', () => undefined);
  return destination;
}
