import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { watchPartHeaders } from './part-header-guard.js';

/** Feeds the body in chunks of `size` bytes; answers what the guard saw. */
function sawTooLong(body: Buffer, size: number, max = 1_000): boolean {
  const stream = new PassThrough();
  const tooLong = watchPartHeaders(stream, 'b0undary', max);
  for (let at = 0; at < body.length; at += size) stream.write(body.subarray(at, at + size));
  return tooLong();
}

const part = (head: string, data: string) =>
  `--b0undary\r\nContent-Disposition: form-data; name="0"; filename="a.jpg"${head}\r\n\r\n${data}\r\n`;

describe('watchPartHeaders', () => {
  const sizes = [1, 3, 7, 64, 65_536];

  it('sees a part header over the limit, however the body is cut into chunks', () => {
    const body = Buffer.from(
      `${part('', 'x'.repeat(5_000))}${part(`\r\nX-Padding: ${'a'.repeat(1_200)}`, 'y')}--b0undary--\r\n`,
    );
    for (const size of sizes) expect(sawTooLong(body, size), `chunks of ${size}`).toBe(true);
  });

  it('lets headers within the limit pass, whatever the parts hold and the epilogue says', () => {
    const body = Buffer.from(
      `preamble\r\n${part('', 'x'.repeat(5_000))}${part('', '')}--b0undary--\r\n${'epilogue '.repeat(500)}`,
    );
    for (const size of sizes) expect(sawTooLong(body, size), `chunks of ${size}`).toBe(false);
  });

  it('sees a header block that never ends', () => {
    const body = Buffer.from(`--b0undary\r\nContent-Disposition: ${'a'.repeat(2_000)}`);
    for (const size of sizes) expect(sawTooLong(body, size), `chunks of ${size}`).toBe(true);
  });
});
