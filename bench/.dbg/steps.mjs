import fs from 'node:fs/promises';
import sharp from 'sharp';
const files = (await fs.readdir('/tmp/bench-photos')).map((f) => `/tmp/bench-photos/${f}`);
const acc = {}; const add = (k, c) => (acc[k] = (acc[k] ?? 0) + (c.user + c.system) / 1e6);
const step = async (k, f) => { const c = process.cpuUsage(); const r = await f(); add(k, process.cpuUsage(c)); return r; };
for (const [i, f] of files.entries()) {
  const input = await fs.readFile(f);
  const tag = i % 3 === 1 ? 'upright' : 'landscape';
  await step('metadata', () => sharp(input).metadata());
  await step(`decode1600 ${tag}`, () => sharp(input).rotate().resize({ width: 1600 }).raw().toBuffer());
  const large = await step(`full1600 ${tag}`, () => sharp(input).rotate().resize({ width: 1600 }).keepIccProfile().webp({ quality: 82 }).toBuffer());
  await step(`full400 ${tag}`, () => sharp(input).rotate().resize({ width: 400 }).keepIccProfile().webp({ quality: 82 }).toBuffer());
  await step('hash', () => sharp(large).rotate().resize(32, 32, { fit: 'fill' }).greyscale().raw().toBuffer());
  await step(`decode-norotate ${tag}`, () => sharp(input).resize({ width: i % 3 === 1 ? 2133 : 1600 }).raw().toBuffer());
}
for (const [k, v] of Object.entries(acc)) console.log(k.padEnd(28), v.toFixed(2), 's');
