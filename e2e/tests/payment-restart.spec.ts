import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { paymentMessages, sayIn } from '@adboard/shared';
import { expect, request as requestContext, test } from '@playwright/test';
import { askVipAddress, createAdByApi } from './ad-steps.js';
import { registerAndVerify, uniqueEmail } from './support.js';

/*
 * Issue 24.1 in the browser: a VIP ad paid on the built-in fake chain ('Payment
 * Complete'), then the server restarted. The payment view must not offer the paid
 * address again ('Waiting for your payment.' with a countdown): the ad's payment is
 * held for review, with its receipt. This test runs a server of its own (the suite's
 * server is never restarted), from the same build, on a fresh data folder.
 */

const repoRoot = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
}

async function startServer(port: number, dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '10',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return { child, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  await exited;
  throw new Error('server not ready');
}

async function stopServer(server: Running): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

test('a completed payment stays complete after a server restart: the paid address is not offered again', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adboard-e2e-restart-'));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  let server: Running | null = await startServer(port, dataDir);
  const context = await browser.newContext({ baseURL });
  const api = await requestContext.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await registerAndVerify(page, api, uniqueEmail('restart'), 'restart payer long passphrase');
    const adId = await createAdByApi(page, `VIP evenings ${Date.now()}`, 'paid');
    await page.goto(`/edit-post?id=${adId}&edit=auth&step=payment`);
    const { address, sats } = await askVipAddress(page);
    const paid = await api.post('/dev/chain/pay', { data: { address, sats, confirmed: true } });
    expect(paid.ok()).toBe(true);
    await expect(
      page.getByRole('heading', { name: sayIn('en', paymentMessages.titles.complete) }),
    ).toBeVisible({
      timeout: 30_000,
    });

    await stopServer(server);
    server = null;
    server = await startServer(port, dataDir);

    // The chain is looked at again (as the watcher does at its next look at a completed
    // order, or a page's check): what it shows must leave the paid order as it is.
    const session = await page.evaluate(() => localStorage.getItem('session') ?? '');
    const checked = await api.post(`/payment/status/BTC/${adId}/${address}`, {
      headers: { session },
      data: { status: 'complete' },
    });
    expect(checked.ok()).toBe(true);

    // The renewal link, as the newcomer opened it: no old address, no countdown, no
    // 'Waiting for your payment.'; the payment is there, held for review, with its receipt.
    await page.goto(`/edit-post?id=${adId}&edit=auth&renew=1`);
    await expect(
      page.getByText(sayIn('en', paymentMessages.heldForReview({ days: 30 }))),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: sayIn('en', paymentMessages.receipt.heading) }),
    ).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
    await expect(page.getByText(sayIn('en', paymentMessages.waiting))).toHaveCount(0);
    await expect(
      page.getByRole('link', { name: sayIn('en', paymentMessages.openWallet) }),
    ).toHaveCount(0);
    // And the status the page would poll says complete, with the money received.
    const status = await api.get(`/payment/status/BTC/${adId}/${address}`, {
      headers: { session },
    });
    const known = (await status.json()) as { status: string; receivedCrypto: string };
    expect(known.status).toBe('complete');
    expect(Math.round(Number(known.receivedCrypto) * 1e8)).toBe(sats);
  } finally {
    await context.close();
    await api.dispose();
    if (server) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
});
