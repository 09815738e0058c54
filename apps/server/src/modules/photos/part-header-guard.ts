import type { Readable } from 'node:stream';

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const CLOSE = Buffer.from('--');

/**
 * Watches the bytes of a multipart body for a part whose header block is longer
 * than `maxBytes`. The multipart parser (busboy) cuts such a header short without a
 * word and takes the part; a browser's part header is a few hundred bytes, so a
 * longer one is a malformed upload (issue 24). Reads alongside the parser (a second
 * 'data' listener), keeping a few bytes between chunks; answers whether one was seen.
 */
export function watchPartHeaders(
  body: Readable,
  boundary: string,
  maxBytes: number,
): () => boolean {
  // The body's first delimiter has no line break before it: one is assumed.
  const delimiter = Buffer.concat([CRLF, Buffer.from(`--${boundary}`)]);
  let pending: Buffer = CRLF;
  let inHeader = false;
  let headerBytes = 0;
  let done = false;
  let tooLong = false;
  const onData = (chunk: Buffer) => {
    const data = Buffer.concat([pending, chunk]);
    let at = 0;
    while (!done) {
      if (!inHeader) {
        const found = data.indexOf(delimiter, at);
        if (found < 0) {
          pending = data.subarray(Math.max(at, data.length - delimiter.length + 1));
          return;
        }
        const after = found + delimiter.length;
        // Two more bytes say whether it is the closing delimiter (the epilogue follows).
        if (data.length < after + CLOSE.length) {
          pending = data.subarray(found);
          return;
        }
        if (data.subarray(after, after + CLOSE.length).equals(CLOSE)) {
          done = true;
          break;
        }
        inHeader = true;
        headerBytes = 0;
        at = after;
      }
      const end = data.indexOf(HEADER_END, at);
      const kept = end < 0 ? Math.max(at, data.length - HEADER_END.length + 1) : end;
      headerBytes += kept - at;
      if (headerBytes > maxBytes) {
        tooLong = true;
        done = true;
        break;
      }
      if (end < 0) {
        pending = data.subarray(kept);
        return;
      }
      inHeader = false;
      at = end + HEADER_END.length;
    }
    body.off('data', onData);
  };
  body.on('data', onData);
  return () => tooLong;
}
