import http from 'node:http';

/**
 * A small HTTP client for the e2e server that connects from a chosen loopback address
 * (any of 127.0.0.0/8 on Linux). The server counts its rate limits per client address,
 * so a spec that makes many calls can act as several clients instead of spending the
 * budget of 127.0.0.1, which the browser and the other specs share.
 */
export interface LoopbackResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  text(): string;
  json<T>(): T;
}

export interface LoopbackRequest {
  /** The Host header: `localhost:{port}` unless given (a city host, say). */
  host?: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** One file part, for the photo upload. */
  file?: { field: string; name: string; mimeType: string; data: Buffer };
}

export class LoopbackClient {
  constructor(
    readonly port: number,
    readonly localAddress: string,
  ) {}

  /** The same server, seen from another client address. */
  from(localAddress: string): LoopbackClient {
    return new LoopbackClient(this.port, localAddress);
  }

  get(path: string, options: LoopbackRequest = {}): Promise<LoopbackResponse> {
    return this.send('GET', path, options);
  }

  post(path: string, options: LoopbackRequest = {}): Promise<LoopbackResponse> {
    return this.send('POST', path, options);
  }

  patch(path: string, options: LoopbackRequest = {}): Promise<LoopbackResponse> {
    return this.send('PATCH', path, options);
  }

  send(method: string, path: string, options: LoopbackRequest): Promise<LoopbackResponse> {
    const headers: Record<string, string> = {
      host: options.host ?? `localhost:${this.port}`,
      ...options.headers,
    };
    let payload: Buffer | undefined;
    if (options.json !== undefined) {
      payload = Buffer.from(JSON.stringify(options.json), 'utf8');
      headers['content-type'] = 'application/json';
    } else if (options.file) {
      const boundary = `----loopback${Date.now().toString(16)}`;
      const { field, name, mimeType, data } = options.file;
      payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
            `Content-Type: ${mimeType}\r\n\r\n`,
          'utf8',
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
      ]);
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    }
    if (payload) headers['content-length'] = String(payload.length);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          localAddress: this.localAddress,
          method,
          path,
          headers,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            const flat: Record<string, string> = {};
            for (const [key, value] of Object.entries(res.headers)) {
              if (value !== undefined) flat[key] = Array.isArray(value) ? value.join(', ') : value;
            }
            resolve({
              status: res.statusCode ?? 0,
              headers: flat,
              body,
              text: () => body.toString('utf8'),
              json: <T>() => JSON.parse(body.toString('utf8')) as T,
            });
          });
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }
}
