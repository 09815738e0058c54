// What every benchmark reports: formatted numbers, the machine it ran on, and
// its own section of docs/benchmarks.md.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { root } from './server.mjs';

const docFile = path.join(root, 'docs/benchmarks.md');

export const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Cores, CPU model, Node version, date, and the 1-minute load average right now. */
export function machine() {
  return {
    date: new Date().toISOString().slice(0, 10),
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    node: process.version,
    load: os.loadavg()[0],
  };
}

const INTRO = `# Benchmarks

Figures from the benchmarks in \`bench/\` (see [bench/README.md](../bench/README.md)).
They are run on demand, never as part of the tests, and each one rewrites only its own
section below. Compare figures only between runs on the same machine.
`;

/**
 * Replaces the text between the `start` and `end` markers (markers included:
 * `text` carries them) and leaves the rest of the file alone; appends the
 * section when the markers are missing.
 */
export async function writeSection(start, end, text) {
  let doc;
  try {
    doc = await fs.readFile(docFile, 'utf8');
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    doc = INTRO;
  }
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from !== -1 && to > from) {
    doc = doc.slice(0, from) + text + doc.slice(to + end.length);
  } else {
    doc = `${doc.trimEnd()}\n\n${text}\n`;
  }
  await fs.writeFile(docFile, doc);
  console.log(`\nwrote ${path.relative(root, docFile)}`);
}
