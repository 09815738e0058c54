import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded-postgres.js';
import {
  nginxBinary,
  nginxConfig,
  startReverseProxy,
  type ReverseProxy,
} from '../cluster/nginx.js';

/**
 * deploy/nginx.conf, compose.yaml's proxy, run by this machine's nginx (Debian's
 * nginx-light) with two small servers of the test for web1 and web2.
 */
interface Seen {
  server: string;
  host: string | undefined;
  forwardedFor: string | undefined;
  bytes: number;
}

function startUpstream(name: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    request.on('end', () => {
      const seen: Seen = {
        server: name,
        host: request.headers.host,
        forwardedFor: request.headers['x-forwarded-for'] as string | undefined,
        bytes,
      };
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(seen));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: http.Server) => (server.address() as AddressInfo).port;

describe('the reverse proxy of compose.yaml', () => {
  it("passes nginx's own check (nginx -t)", async () => {
    const binary = nginxBinary();
    if (!binary) throw new Error('nginx is not installed: apt-get install -y nginx-light');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'adboard-proxy-check-'));
    try {
      const file = path.join(dir, 'nginx.conf');
      const config = nginxConfig({
        dir,
        port: await freePort(),
        // Only checked, never connected to: web1 and web2 as addresses of this machine.
        upstreams: [await freePort(), await freePort()],
        runsAsRoot: process.getuid?.() === 0,
      });
      await writeFile(file, config);
      const check = spawnSync(
        binary,
        ['-t', '-p', dir, '-c', file, '-e', path.join(dir, 'error.log')],
        { encoding: 'utf8' },
      );
      expect(check.stderr).toMatch(/test is successful/);
      expect(check.status).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  describe('run in front of two web servers', () => {
    let dir: string;
    let upstreams: http.Server[];
    let proxy: ReverseProxy;

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'adboard-proxy-'));
      upstreams = await Promise.all([startUpstream('web1'), startUpstream('web2')]);
      proxy = await startReverseProxy({
        dir,
        port: await freePort(),
        upstreams: upstreams.map(portOf),
      });
    });

    afterAll(async () => {
      await proxy?.stop();
      await Promise.all(upstreams?.map((s) => new Promise((resolve) => s.close(resolve))) ?? []);
      await rm(dir, { recursive: true, force: true });
    });

    it("spreads requests over web1 and web2 with the client's Host and address", async () => {
      const seen: Seen[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await fetch(`${proxy.base}/api/anything`, {
          headers: { 'x-forwarded-for': '203.0.113.9' },
        });
        expect(response.status).toBe(200);
        seen.push((await response.json()) as Seen);
      }
      expect(new Set(seen.map((s) => s.server))).toEqual(new Set(['web1', 'web2']));
      for (const s of seen) {
        expect(s.host).toBe(`127.0.0.1:${proxy.port}`);
        // Appended: with TRUST_PROXY=1 the server believes the last address, the proxy's peer.
        expect(s.forwardedFor).toBe('203.0.113.9, 127.0.0.1');
      }
    });

    it("takes a photo upload larger than nginx's default of 1 MB", async () => {
      const body = new Uint8Array(25 * 1024 * 1024);
      const response = await fetch(`${proxy.base}/api/photos`, { method: 'POST', body });
      expect(response.status).toBe(200);
      expect(((await response.json()) as Seen).bytes).toBe(body.length);
    });
  });
});
