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
 * Writes a bench's new figures between its `start` and `end` markers (`text` carries
 * them) and keeps what was there, notes and earlier runs included, below them under
 * "The run before" (its own heading dropped): figures are read beside the previous
 * ones. The rest of the file is left alone; the section is appended when the markers
 * are missing.
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
    const before = doc
      .slice(from + start.length, to)
      .trim()
      .replace(/^#{1,3} .*\n+/, '');
    // A function, so a `$` in the old text is not read as a replacement pattern.
    const kept = before
      ? text.replace(end, () => `### The run before\n\n${before}\n\n${end}`)
      : text;
    doc = doc.slice(0, from) + kept + doc.slice(to + end.length);
  } else {
    doc = `${doc.trimEnd()}\n\n${text}\n`;
  }
  await fs.writeFile(docFile, doc);
  console.log(`\nwrote ${path.relative(root, docFile)}`);
}
