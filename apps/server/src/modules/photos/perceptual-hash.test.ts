import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hashDistance, perceptualHash } from './perceptual-hash.js';

/** Raw RGB of a picture with structure at low frequencies; 'a' and 'b' look nothing alike. */
function scene(kind: 'a' | 'b', width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const v = y / height;
      let value =
        kind === 'a'
          ? 128 + 90 * Math.sin(2 * Math.PI * u) * Math.cos(Math.PI * v)
          : 128 + 90 * Math.cos(3 * Math.PI * (u + v));
      if (kind === 'a' && (u - 0.3) ** 2 + (v - 0.4) ** 2 < 0.02) value = 250;
      if (kind === 'b' && u > 0.6 && v > 0.55) value = 10;
      const i = (y * width + x) * 3;
      pixels[i] = value;
      pixels[i + 1] = 255 - value;
      pixels[i + 2] = value / 2;
    }
  }
  return pixels;
}

const raw = (kind: 'a' | 'b', width: number, height: number) =>
  sharp(scene(kind, width, height), { raw: { width, height, channels: 3 } });

describe('perceptualHash', () => {
  it('answers 64 bits as 16 hex digits, the same for the same bytes', async () => {
    const jpeg = await raw('a', 640, 480).jpeg().toBuffer();
    const hash = await perceptualHash(jpeg);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(await perceptualHash(jpeg)).toBe(hash);
  });

  it('keeps the same picture close when resized, re-encoded and recompressed', async () => {
    const original = await perceptualHash(
      await raw('a', 1600, 1200).jpeg({ quality: 95 }).toBuffer(),
    );
    const copies = [
      await raw('a', 400, 300).jpeg({ quality: 40 }).toBuffer(),
      await raw('a', 1600, 1200).webp({ quality: 50 }).toBuffer(),
      await raw('a', 800, 600).png().toBuffer(),
      await raw('a', 1600, 1200).resize(320, 240).blur(1.5).jpeg({ quality: 60 }).toBuffer(),
    ];
    for (const copy of copies) {
      expect(hashDistance(original, await perceptualHash(copy))).toBeLessThanOrEqual(10);
    }
  });

  it('puts a different picture far away', async () => {
    const a = await perceptualHash(await raw('a', 800, 600).jpeg().toBuffer());
    const b = await perceptualHash(await raw('b', 800, 600).jpeg().toBuffer());
    expect(hashDistance(a, b)).toBeGreaterThan(16);
  });

  it('applies the EXIF orientation first: a turned photo hashes like the upright one', async () => {
    const upright = await raw('a', 600, 400).rotate(90).jpeg({ quality: 90 }).toBuffer();
    // The same pixels stored sideways with orientation 6 (shown turned 90° clockwise).
    const sideways = await raw('a', 600, 400)
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const distance = hashDistance(await perceptualHash(upright), await perceptualHash(sideways));
    expect(distance).toBeLessThanOrEqual(4);
    // Not turned, the picture would look different to the hash.
    const unturned = await raw('a', 600, 400).jpeg({ quality: 90 }).toBuffer();
    expect(
      hashDistance(await perceptualHash(upright), await perceptualHash(unturned)),
    ).toBeGreaterThan(distance);
  });

  it('refuses what is not an image', async () => {
    await expect(perceptualHash(Buffer.from('not an image'))).rejects.toThrow();
  });
});

describe('hashDistance', () => {
  it('counts the bits that differ', () => {
    expect(hashDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hashDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hashDistance('0000000000000001', '0000000000000000')).toBe(1);
    expect(hashDistance('8000000000000000', '0000000000000000')).toBe(1);
    expect(hashDistance('00000000000000ff', '000000000000000f')).toBe(4);
    expect(hashDistance('a5a5a5a5a5a5a5a5', '5a5a5a5a5a5a5a5a')).toBe(64);
  });

  it('is symmetric and zero only for equal hashes', () => {
    const a = '0123456789abcdef';
    const b = 'fedcba9876543210';
    expect(hashDistance(a, b)).toBe(hashDistance(b, a));
    expect(hashDistance(a, a)).toBe(0);
    expect(hashDistance(a, b)).toBeGreaterThan(0);
  });
});
