import net from 'node:net';

/** What came back over the socket: the status and the body, parsed as JSON when it is. */
export interface RawAnswer {
  status: number;
  text: string;
  json: unknown;
}

/**
 * Sends one request over a real TCP connection, the body's bytes exactly as given
 * (app.inject does not end a request the way a socket does: the parser's errors at
 * the end of a body differ, issue 24). Content-Length is the body's length.
 */
export function rawRequest(
  port: number,
  options: { method: string; path: string; headers: Record<string, string>; body: Buffer },
): Promise<RawAnswer> {
  const head = [
    `${options.method} ${options.path} HTTP/1.1`,
    ...Object.entries({ host: 'localhost:3000', ...options.headers }).map(
      ([name, value]) => `${name}: ${value}`,
    ),
    `content-length: ${options.body.length}`,
    'connection: close',
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may answer and close before reading the whole body.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      const answer = Buffer.concat(chunks);
      const split = answer.indexOf('\r\n\r\n');
      const head = answer.subarray(0, split < 0 ? answer.length : split).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const raw = split < 0 ? Buffer.alloc(0) : answer.subarray(split + 4);
      const chunked = /\r\ntransfer-encoding: chunked(\r\n|$)/i.test(head);
      const text = (chunked ? unchunk(raw) : raw).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
      resolve({ status, text, json });
    });
    socket.write(head);
    socket.write(options.body);
  });
}

/** The body of a chunked answer. */
function unchunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let rest = raw;
  for (;;) {
    const line = rest.indexOf('\r\n');
    const size = line < 0 ? 0 : parseInt(rest.subarray(0, line).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(rest.subarray(line + 2, line + 2 + size));
    rest = rest.subarray(line + 2 + size + 2);
  }
}
