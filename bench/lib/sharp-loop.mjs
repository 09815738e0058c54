// The ceiling of the photo upload benchmark: the work the server does for each
// uploaded photo (apps/server/src/modules/photos/process-photo.ts and
// perceptual-hash.ts), done by sharp alone in a plain loop, one photo after the
// other, without HTTP, multipart, database or disk writes. Run as a child
// process (a fresh process like the server, with sharp's default settings):
//
//   node bench/lib/sharp-loop.mjs --widths=1600,800,400 FILE...
//
// Prints one line of JSON: the loop's wall and CPU time (all threads), each
// photo's time, the output bytes, sharp's concurrency and the peak memory (VmHWM).
// Keep processLikeServer() in step with process-photo.ts; the widths are the
// server's own (PHOTO_WIDTHS, passed by photos-upload.mjs), largest first.
import fs from 'node:fs/promises';
import sharp from 'sharp';

const widthsArg = process.argv.find((a) => a.startsWith('--widths='));
const WIDTHS = (widthsArg?.slice('--widths='.length) ?? '')
  .split(',')
  .map(Number)
  .filter((w) => w > 0)
  .sort((a, b) => b - a);
const MAX_PIXELS = 50_000_000;
const HASH_SIZE = 32;

/** What processPhoto() does with one upload (the hash's DCT aside: microseconds). */
async function processLikeServer(input) {
  const meta = await sharp(input, { limitInputPixels: false }).metadata();
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_PIXELS) {
    throw new Error('not an image the server takes');
  }
  const files = new Map();
  for (const width of WIDTHS) {
    const { data } = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .keepIccProfile()
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    files.set(width, data);
  }
  // perceptualHash() shrinks the stored display size, not the upload.
  await sharp(files.get(WIDTHS[0]))
    .rotate()
    .resize(HASH_SIZE, HASH_SIZE, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer();
  return [...files.values()].reduce((sum, data) => sum + data.length, 0);
}

async function peakMemoryKiB() {
  const status = await fs.readFile('/proc/self/status', 'utf8');
  return Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0);
}

const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (files.length === 0 || WIDTHS.length === 0) {
  console.error('usage: node bench/lib/sharp-loop.mjs --widths=W,W... FILE...');
  process.exit(2);
}
const perPhoto = [];
let outputBytes = 0;
const cpu = process.cpuUsage();
const started = performance.now();
for (const file of files) {
  const t = performance.now();
  // Read inside the timed loop, as the server receives each upload: from the
  // page cache (the files were just written), about a millisecond each.
  outputBytes += await processLikeServer(await fs.readFile(file));
  perPhoto.push(performance.now() - t);
}
const ms = performance.now() - started;
const used = process.cpuUsage(cpu);
console.log(
  JSON.stringify({
    ms,
    cpuMs: (used.user + used.system) / 1000,
    perPhoto,
    outputBytes,
    concurrency: sharp.concurrency(),
    peakKiB: await peakMemoryKiB(),
  }),
);
