import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { browserUrl, startBanner } from '../server.js';
import { formatLogLine, prettyLogStream, wantsPrettyLogs } from './pretty-log.js';

describe('log format', () => {
  it('is readable on a terminal and JSON anywhere else, unless LOG_FORMAT says', () => {
    expect(wantsPrettyLogs('auto', { isTTY: true })).toBe(true);
    expect(wantsPrettyLogs('auto', { isTTY: false })).toBe(false);
    expect(wantsPrettyLogs('auto', {})).toBe(false);
    expect(wantsPrettyLogs('json', { isTTY: true })).toBe(false);
    expect(wantsPrettyLogs('pretty', {})).toBe(true);
  });

  it('turns pino lines into readable ones, requests included', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const log = pino({ level: 'info' }, prettyLogStream(out, false));
    log.info({ url: 'http://127.0.0.1:3000' }, 'listening');
    log.info({ reqId: 'abcdef12-3456', req: { method: 'GET', url: '/login' } }, 'incoming request');
    log.info(
      { reqId: 'abcdef12-3456', res: { statusCode: 200 }, responseTime: 3.14 },
      'request completed',
    );
    log.warn({ err: new Error('chain down') }, 'payment check failed');
    // The one line of an answered request (http/request-log.ts).
    log.info(
      {
        reqId: 'fedcba98-7654',
        req: { method: 'POST', url: '/api/posts', host: 'localhost:3000', remoteAddress: '::1' },
        res: { statusCode: 201 },
        responseTime: 12.345,
      },
      'request',
    );
    await new Promise((resolve) => setImmediate(resolve));
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}listening url=http:\/\/127\.0\.0\.1:3000$/);
    expect(lines[1]).toMatch(/ INFO {2}GET \/login \[abcdef12\]$/);
    expect(lines[2]).toMatch(/ INFO {2}200 in 3\.1 ms \[abcdef12\]$/);
    expect(lines[3]).toMatch(/ WARN {2}payment check failed$/);
    expect(lines[4]).toMatch(/^ {4}Error: chain down$/);
    const request = lines.find((line) => line.includes('POST'));
    expect(request).toMatch(/ INFO {2}POST \/api\/posts 201 in 12\.3 ms \[fedcba98\]$/);
    expect(text).not.toContain('"level"');
  });

  it('keeps a line that is not JSON as it is', () => {
    expect(formatLogLine('plain words', true)).toBe('plain words');
  });
});

describe('the start banner', () => {
  it('names the address to open, localhost for a local or wildcard host', () => {
    expect(browserUrl('127.0.0.1', 3000)).toBe('http://localhost:3000');
    expect(browserUrl('0.0.0.0', 8080)).toBe('http://localhost:8080');
    expect(browserUrl('192.0.2.7', 3000)).toBe('http://192.0.2.7:3000');
    expect(browserUrl('2001:db8::1', 3000)).toBe('http://[2001:db8::1]:3000');
  });

  it("names the administrator's email, never a password", () => {
    expect(startBanner('http://localhost:3000', undefined)).toEqual([
      'Adboard is running: open http://localhost:3000',
    ]);
    const lines = startBanner('http://localhost:3000', 'admin@localhost.example');
    expect(lines[0]).toBe('Adboard is running: open http://localhost:3000');
    expect(lines[1]).toContain('admin@localhost.example');
    expect(lines[1]).toContain('http://localhost:3000/login');
  });
});
