import http from 'node:http';

/** One answer: status, headers, the body as text, and parsed as JSON when it is. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: Buffer;
  json: unknown;
}

export interface RequestOptions {
  method?: string;
  /** Sent as JSON unless `body` is a Buffer (then as it is, with the given content-type). */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * The client's own address: any of 127.0.0.0/8 on Linux. A server (or the proxy)
   * sees it as the client, so each client of a test has its own rate limits, as
   * people on different lines would.
   */
  from?: string;
  /** Gives up after this long (default 30 s). */
  timeoutMs?: number;
}

/**
 * A request over a real TCP connection of its own (no connection kept alive: a
 * killed server's socket is never reused), with the Host header of the URL's
 * host unless `headers.host` names another (a city's subdomain).
 */
export function request(url: string, options: RequestOptions = {}): Promise<Answer> {
  const target = new URL(url);
  const isBuffer = Buffer.isBuffer(options.body);
  const payload =
    options.body === undefined
      ? undefined
      : isBuffer
        ? (options.body as Buffer)
        : Buffer.from(JSON.stringify(options.body), 'utf8');
  const headers: Record<string, string> = {
    connection: 'close',
    ...(payload && !isBuffer ? { 'content-type': 'application/json' } : {}),
    ...(payload ? { 'content-length': String(payload.length) } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? (payload ? 'POST' : 'GET'),
        headers,
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('error', reject);
        res.once('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body, json });
        });
      },
    );
    req.once('timeout', () => req.destroy(new Error(`no answer from ${url} in time`)));
    req.once('error', reject);
    req.end(payload);
  });
}

/** The answer's JSON, or a failure naming the status and text when it is not a 2xx. */
export function okJson<T>(answer: Answer, what: string): T {
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 500)}`);
  }
  return answer.json as T;
}
