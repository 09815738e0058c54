// One GET as autocannon sends it (a Host header and nothing else: no
// Accept-Encoding, unlike fetch()), answering the exact bytes and headers.
import http from 'node:http';

export function getRaw(base, path, host, headers = {}) {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { ...headers, host }, agent: false, signal: AbortSignal.timeout(30_000) },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.once('error', reject);
        response.once('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.once('error', reject);
  });
}
