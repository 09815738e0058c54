// Benchmark of mail delivery from the outbox: the built server hands mail to a
// local SMTP receiver run in this process (127.0.0.1). Measures the throughput
// of a burst queued at once, and the time from queue to hand-over at a steady
// rate; checks that every mail was handed over exactly once.
//
//   node bench/mail.mjs            print the figures
//   node bench/mail.mjs --write    also record them in docs/benchmarks.md
//
// Options: --burst=N (mails queued at once, default 2000), --rate=N (mails a
// second in the steady run, default 20), --duration=SECONDS (of the steady run,
// default 60), --rebuild (build the server even when dist/ looks fresh).
// See bench/README.md.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fmt, machine as machineInfo, writeSection } from './lib/report.mjs';
import { defer, parseArgs, runBench, seconds, sleep, state } from './lib/run.mjs';
import {
  buildIfNeeded,
  embeddedDatabaseUrl,
  freePort,
  startServer,
  stopServer,
  waitForReady,
} from './lib/server.mjs';
import { startSmtpReceiver } from './lib/smtp-receiver.mjs';

const START = '<!-- mail:start -->';
const END = '<!-- mail:end -->';

const { flag, option } = parseArgs(
  /^--(write|rebuild|burst=\d+|rate=\d+|duration=\d+)$/,
  'node bench/mail.mjs [--write] [--burst=N] [--rate=N] [--duration=SECONDS] [--rebuild]',
);

const BURST = Number(option('burst', '2000'));
const RATE = Number(option('rate', '20'));
const DURATION = Number(option('duration', '60'));
const WARMUP = 50;
/** The targets. */
const TARGET_THROUGHPUT = 50;
const TARGET_P99_MS = 5_000;

/** A verification mail's size: a short text part and an HTML part of about 2 KB. */
const SUBJECT = 'Your verification code';
const TEXT =
  'Welcome to Adboard Local.\n\nYour verification code is 123456. It is valid for 30 minutes.\n\n' +
  'If you did not ask for this code, you can ignore this mail.\n';
const HTML =
  '<!doctype html><html><body style="font-family:sans-serif">' +
  '<p>Welcome to <strong>Adboard Local</strong>.</p>'.repeat(8) +
  '<p style="font-size:24px;letter-spacing:4px">123456</p>' +
  '<p>It is valid for 30 minutes. If you did not ask for this code, ignore this mail.</p>'.repeat(
    12,
  ) +
  '</body></html>';

/** Nearest-rank percentile of an ascending array. */
function pct(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const ascending = (values) => Float64Array.from(values).sort();
const ms = (value) => (Number.isFinite(value) ? fmt(value, 0) : '–');

/** The outbox row id in a Message-ID `<id@domain>` (see messageIdFor). */
const outboxIdOf = (messageId) => messageId?.slice(1, messageId.indexOf('@')) ?? null;

/** Waits until every id in `ids` was handed over, or the timeout. */
async function waitHandedOver(handedOver, ids, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const missing = ids.filter((id) => !handedOver.has(id)).length;
    if (missing === 0) return;
    if (state.interrupted) throw new Error('interrupted');
    if (performance.now() > deadline) {
      throw new Error(`${missing} of ${ids.length} mails not handed over within the timeout`);
    }
    await sleep(20);
  }
}

function insertMany(db, prefix, count) {
  return db.query(
    `INSERT INTO outbox_messages (channel, site_id, recipient, subject, body_text, body_html)
     SELECT 'email', 'local', $1::text || g || '@bench.example.com', $2, $3, $4
       FROM generate_series(1, $5::int) AS g
     RETURNING id`,
    [prefix, SUBJECT, TEXT, HTML, count],
  );
}

async function main() {
  await buildIfNeeded({ rebuild: flag('rebuild') });
  const machine = machineInfo();

  /** Outbox id -> performance.now() of its first hand-over; copies counts every one. */
  const handedOver = new Map();
  const copies = new Map();
  const receiver = await startSmtpReceiver((messageId, at) => {
    const id = outboxIdOf(messageId);
    if (!id) return;
    if (!handedOver.has(id)) handedOver.set(id, at);
    copies.set(id, (copies.get(id) ?? 0) + 1);
  });
  defer(() => receiver.close());

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'adboard-bench-mail-'));
  defer(() => fs.rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let t = performance.now();
  const server = startServer(dataDir, port, { env: { SMTP_URL: receiver.url } });
  defer(() => stopServer(server));
  await waitForReady(base, server);
  console.log(`server ready in ${seconds(t)}`);
  const db = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await db.connect();
  defer(() => db.end());
  machine.postgres = (await db.query('SHOW server_version')).rows[0].server_version.split(' ')[0];

  // Warm-up: connections opened, code paths compiled; not recorded.
  const warm = await insertMany(db, 'warm.', WARMUP);
  await waitHandedOver(
    handedOver,
    warm.rows.map((r) => r.id),
    60_000,
  );

  // A burst: BURST mails queued in one transaction, as after a promotion's notices.
  console.log(`burst: ${BURST} mails queued at once ...`);
  const burst = await insertMany(db, 'burst.', BURST);
  const queuedAt = performance.now();
  const burstIds = burst.rows.map((r) => r.id);
  await waitHandedOver(handedOver, burstIds, Math.max(120_000, BURST * 100));
  const burstWaits = ascending(burstIds.map((id) => handedOver.get(id) - queuedAt));
  const burstSeconds = burstWaits[burstWaits.length - 1] / 1000;
  const throughput = BURST / burstSeconds;
  console.log(`  all handed over in ${fmt(burstSeconds, 1)} s: ${fmt(throughput, 0)} mails/s`);

  // Steady: RATE mails a second for DURATION s, each queued on its own (a sign-up each).
  console.log(`steady: ${RATE} mails/s for ${DURATION} s ...`);
  const queuedAtById = new Map();
  const total = RATE * DURATION;
  const steadyStart = performance.now();
  for (let k = 0; k < total && !state.interrupted; k += 1) {
    const due = steadyStart + (k * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const at = performance.now();
    const { rows } = await db.query(
      `INSERT INTO outbox_messages (channel, site_id, recipient, subject, body_text, body_html)
       VALUES ('email', 'local', $1, $2, $3, $4) RETURNING id`,
      [`steady.${k}@bench.example.com`, SUBJECT, TEXT, HTML],
    );
    queuedAtById.set(rows[0].id, at);
  }
  const achievedRate = total / ((performance.now() - steadyStart) / 1000);
  const steadyIds = [...queuedAtById.keys()];
  await waitHandedOver(handedOver, steadyIds, 120_000);
  const steadyWaits = ascending(steadyIds.map((id) => handedOver.get(id) - queuedAtById.get(id)));

  // Exactly once: every row sent, no Message-ID handed over twice.
  await sleep(2_000);
  const all = [...warm.rows.map((r) => r.id), ...burstIds, ...steadyIds];
  const duplicates = all.reduce((n, id) => n + Math.max(0, (copies.get(id) ?? 0) - 1), 0);
  const { rows: statuses } = await db.query(
    'SELECT status, count(*)::int AS n FROM outbox_messages GROUP BY status ORDER BY status',
  );
  const notSent = statuses.filter((r) => r.status !== 'sent').reduce((n, r) => n + r.n, 0);
  if (duplicates > 0 || notSent > 0) {
    throw new Error(`${duplicates} duplicate hand-overs, ${notSent} rows not sent`);
  }

  const results = {
    machine,
    throughput,
    burstSeconds,
    burstP50: pct(burstWaits, 50),
    burstP99: pct(burstWaits, 99),
    achievedRate,
    steadyCount: steadyIds.length,
    steadyP50: pct(steadyWaits, 50),
    steadyP95: pct(steadyWaits, 95),
    steadyP99: pct(steadyWaits, 99),
    steadyMax: steadyWaits[steadyWaits.length - 1],
    connections: receiver.connections(),
    total: all.length,
  };
  const doc = section(results);
  console.log(`\n${doc}`);
  if (flag('write')) await writeSection(START, END, doc);
}

function section(r) {
  const m = r.machine;
  const ok = (pass) => (pass ? 'yes' : '**no**');
  return [
    START,
    '',
    '## Mail delivery (`bench/mail.mjs`)',
    '',
    `Measured ${m.date} on ${m.cores} cores (${m.cpu}), Node ${m.node}, PostgreSQL ` +
      `${m.postgres} (embedded). The server, PostgreSQL and the SMTP receiver (smtp-server on ` +
      `127.0.0.1, in the bench's process) share the machine; load average at the start ` +
      `${m.load.toFixed(2)}${m.load > 0.5 ? ' (other work was running)' : ''}.`,
    '',
    'Mails are queued by inserting outbox rows as `enqueueMessage` does (a verification mail: ' +
      "a short text part and about 2 KB of HTML). A mail's time runs from its queueing (the " +
      "burst: its transaction's commit; the steady run: just before its insert) to the " +
      "receiver's 250 answer.",
    '',
    '| measure | value | target |',
    '| --- | --- | --- |',
    `| burst of ${fmt(BURST)} mails queued at once: throughput | ${fmt(r.throughput, 0)} mails/s ` +
      `(all in ${fmt(r.burstSeconds, 1)} s) | at least ${TARGET_THROUGHPUT} mails/s: ` +
      `${ok(r.throughput >= TARGET_THROUGHPUT)} |`,
    `| burst: queue to hand-over p50 / p99 | ${ms(r.burstP50)} / ${ms(r.burstP99)} ms | |`,
    `| steady ${RATE} mails/s for ${DURATION} s (${fmt(r.achievedRate, 1)}/s achieved, ` +
      `${fmt(r.steadyCount)} mails): queue to hand-over p50 / p95 / p99 / max | ` +
      `${ms(r.steadyP50)} / ${ms(r.steadyP95)} / ${ms(r.steadyP99)} / ${ms(r.steadyMax)} ms | ` +
      `p99 under ${TARGET_P99_MS / 1000} s: ${ok(r.steadyP99 < TARGET_P99_MS)} |`,
    `| SMTP connections opened for ${fmt(r.total)} mails | ${fmt(r.connections)} | pooled |`,
    `| mails handed over twice / rows not sent | 0 / 0 | 0 / 0 |`,
    '',
    'Before (issue 15): one connection per mail and one mail at a time, about 2.5 mails/s; ' +
      'a burst left 889 mails queued 18 minutes later.',
    '',
    END,
  ].join('\n');
}

await runBench(main);
