import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MetricsSettings } from '../config.js';
import type { Metrics } from './metrics.js';

export interface MetricsServer {
  /** `http://host:port/metrics`, with the port actually bound. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * GET /metrics in Prometheus' text format, on a port of its own (METRICS_PORT,
 * bound to METRICS_HOST: this machine by default), never the public one; any
 * other path or method is a 404. A small node:http server: nothing of the
 * public app (its hooks, its limits, its log) applies here.
 */
export async function startMetricsServer(
  metrics: Metrics,
  settings: Pick<MetricsSettings, 'host' | 'port'>,
  onError: (error: unknown) => void = () => undefined,
): Promise<MetricsServer> {
  const { registry } = metrics;
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        onError(error);
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return {
    url: `http://${host}:${port}/metrics`,
    async close() {
      // A scraper's keep-alive connection must not hold the stop up.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
