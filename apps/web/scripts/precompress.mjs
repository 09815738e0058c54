// Run after `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every
// text file of dist (the assets, index.html, the icon; not the manifest in .vite),
// at the highest settings (done once, at build time), so the server sends them as
// they are (@fastify/static `preCompressed`) instead of compressing each answer.
// A copy that would not be smaller is not written.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const compressible = /\.(?:js|mjs|css|svg|json|html|txt|map)$/i;

const files = (await readdir(dist, { recursive: true }))
  .filter((name) => compressible.test(name) && !name.split(path.sep).includes('.vite'))
  .map((name) => path.join(dist, name));
let written = 0;
await Promise.all(
  files.map(async (file) => {
    const data = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    for (const [suffix, copy] of [
      ['.br', br],
      ['.gz', gz],
    ]) {
      if (copy.length >= data.length) continue;
      await writeFile(file + suffix, copy);
      written += 1;
    }
  }),
);
process.stdout.write(`precompressed ${files.length} files in dist (${written} .br/.gz copies)\n`);
