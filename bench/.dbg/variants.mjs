import fs from 'node:fs/promises';
import sharp from 'sharp';
const variant = process.argv[2];
if (process.env.NOCACHE) sharp.cache(false);
const files = (await fs.readdir('/tmp/bench-photos')).map((f) => `/tmp/bench-photos/${f}`);
const MAX = 50e6;
async function server(input) {
  await sharp(input, { limitInputPixels: false }).metadata();
  const out = new Map();
  for (const w of [1600, 400]) {
    const { data } = await sharp(input, { limitInputPixels: MAX, failOn: 'error' }).rotate()
      .resize({ width: w, withoutEnlargement: true }).keepIccProfile().webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    out.set(w, data);
  }
  await sharp(out.get(1600)).rotate().resize(32, 32, { fit: 'fill' }).greyscale().raw().toBuffer();
}
async function once(input) {
  const meta = await sharp(input, { limitInputPixels: false }).metadata();
  const { data, info } = await sharp(input, { limitInputPixels: MAX, failOn: 'error' }).rotate()
    .resize({ width: 1600, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const icc = meta.icc;
  const enc = (p) => (icc ? p.withIccProfile(icc) : p).webp({ quality: 82 }).toBuffer();
  // keepIccProfile on raw input has nothing to keep; attach the input profile.
  const large = await enc(sharp(data, raw));
  const small = await enc(sharp(data, raw).resize({ width: 400 }));
  await sharp(data, raw).resize(32, 32, { fit: 'fill' }).greyscale().raw().toBuffer();
  return [large, small];
}
async function smallFromLarge(input) {
  // as server for 1600; 400 and hash from the 1600 WebP (decoded once)
  await sharp(input, { limitInputPixels: false }).metadata();
  const large = await sharp(input, { limitInputPixels: MAX, failOn: 'error' }).rotate()
      .resize({ width: 1600, withoutEnlargement: true }).keepIccProfile().webp({ quality: 82 }).toBuffer();
  const { data, info } = await sharp(large).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  await sharp(data, raw).resize({ width: 400 }).webp({ quality: 82 }).toBuffer();
  await sharp(data, raw).resize(32, 32, { fit: 'fill' }).greyscale().raw().toBuffer();
}
const fn = { server, once, smallFromLarge }[variant];
const c0 = process.cpuUsage(); const t0 = performance.now();
for (const f of files) await fn(await fs.readFile(f));
const c = process.cpuUsage(c0); const ms = performance.now() - t0;
const hwm = /VmHWM:\s+(\d+)/.exec(await fs.readFile('/proc/self/status', 'utf8'))[1];
console.log(variant, process.env.NOCACHE ? 'nocache' : '', process.env.MALLOC_ARENA_MAX ?? '', 'wall', (ms/1000).toFixed(1), 'cpu', ((c.user + c.system) / 1e6).toFixed(1), 'user', (c.user/1e6).toFixed(1), 'hwm MiB', (hwm / 1024).toFixed(0));
