import sharp from 'sharp';

const SIZE = 32;
const LOW = 8;

/** 1-D DCT-II coefficients, computed once. */
const cosines = Array.from({ length: LOW }, (_, u) =>
  Array.from({ length: SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE))),
);

/**
 * pHash: the image shrunk to 32×32 grey, its 8×8 lowest DCT frequencies, one
 * bit each for above/below their median. Resizing, re-encoding and small edits
 * keep most bits, so moderators find the same picture on other ads.
 */
export async function perceptualHash(image: Buffer): Promise<string> {
  const pixels = await sharp(image)
    .rotate()
    .resize(SIZE, SIZE, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer();
  const coefficients: number[] = [];
  for (let u = 0; u < LOW; u++) {
    for (let v = 0; v < LOW; v++) {
      let sum = 0;
      const cu = cosines[u] ?? [];
      const cv = cosines[v] ?? [];
      for (let y = 0; y < SIZE; y++) {
        for (let x = 0; x < SIZE; x++) {
          sum += (pixels[y * SIZE + x] ?? 0) * (cu[y] ?? 0) * (cv[x] ?? 0);
        }
      }
      coefficients.push(sum);
    }
  }
  // The DC term says only how bright the picture is; leave it out of the median.
  const median = [...coefficients.slice(1)].sort((a, b) => a - b)[31] ?? 0;
  let hash = 0n;
  for (const c of coefficients) hash = (hash << 1n) | (c > median ? 1n : 0n);
  return hash.toString(16).padStart(16, '0');
}

/** Bits that differ between two hashes; under about 10 of 64 is the same picture. */
export function hashDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  while (x > 0n) {
    bits += Number(x & 1n);
    x >>= 1n;
  }
  return bits;
}
