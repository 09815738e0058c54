import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decodeHeic } from './decode-heic.js';

const fixture = () =>
  readFile(new URL('../../../test/fixtures/iphone-style.heic', import.meta.url));

describe('decodeHeic', () => {
  it('decodes a real HEIC to RGBA pixels of its size', async () => {
    const decoded = await decodeHeic(await fixture(), { maxPixels: 50_000_000, timeoutMs: 30_000 });
    if ('error' in decoded) throw new Error(decoded.error);
    expect(decoded).toMatchObject({ width: 96, height: 64 });
    expect(decoded.pixels.length).toBe(96 * 64 * 4);
  });

  it('refuses a picture over the pixel limit from its header, before decoding it', async () => {
    // 96 × 64 = 6,144 pixels.
    expect(await decodeHeic(await fixture(), { maxPixels: 6_000, timeoutMs: 30_000 })).toEqual({
      error: 'tooManyPixels',
    });
  });

  it('stops a decode that takes longer than allowed', async () => {
    expect(await decodeHeic(await fixture(), { maxPixels: 50_000_000, timeoutMs: 1 })).toEqual({
      error: 'tooSlow',
    });
  });

  it('answers corrupt for bytes that are no HEIC', async () => {
    expect(
      await decodeHeic(Buffer.from('not a picture'), { maxPixels: 50_000_000, timeoutMs: 30_000 }),
    ).toEqual({ error: 'corrupt' });
  });
});
