import type { FakeEsplora } from '../../src/adapters/chain/fake-esplora-server.js';
import { adForm } from '../support/ads.js';
import { satsOf } from '../support/payments.js';
import { solidJpeg } from '../support/photos.js';
import { seededRandom, type Random } from './random.js';

/**
 * The crash suite's client: lanes that keep issuing real HTTP requests to the
 * server (ads with an Idempotency-Key, photo uploads, payment addresses and
 * status checks, registrations) and pay on the fake chain. It records what was
 * answered. A request whose answer never came (the server was killed) is sent
 * again, with the same key and body, once the server is back, as the web app
 * does: so at the end every operation was answered exactly once from the
 * client's point of view, and the database must hold each exactly once.
 */

export interface AdOp {
  marker: string;
  key: string;
  type: 'paid' | 'free_verified';
  email: string;
  body: Record<string, unknown>;
  answered: { postId: string; token: string } | null;
  /** One request at a time per ad, so each answer is about this ad alone. */
  busy: boolean;
  photosSent: number;
  order: OrderOp | null;
}

export interface UploadOp {
  ad: AdOp;
  key: string;
  files: Buffer[];
  /** The ad's photo ids the answer listed (the whole list after this upload). */
  answeredIds: string[] | null;
}

export interface ChainPayment {
  txid: string;
  sats: bigint[];
}

export interface OrderOp {
  ad: AdOp;
  key: string;
  answered: { address: string; sats: bigint; status: string } | null;
  payments: ChainPayment[];
  /** A payment sent after the order answered complete: it must become a refund. */
  extraPlanned: boolean;
  extraPaid: boolean;
  /** Status answers of the POST check, in order. */
  statusAnswers: string[];
}

export interface RegisterOp {
  email: string;
  calls: number;
  answered: number;
}

/** A request of the driver: what it was, and how it ended. */
type Attempt =
  { kind: 'answered'; status: number; body: unknown } | { kind: 'lost'; error: string };

/**
 * A request to send (again). `replay`: one already answered, sent again after a
 * restart with the same Idempotency-Key, as a client whose answer was lost on
 * the way would: it must answer the same and change nothing.
 */
type PendingOp =
  | { kind: 'create'; ad: AdOp; replay: boolean }
  | { kind: 'upload'; upload: UploadOp; replay: boolean }
  | { kind: 'address'; order: OrderOp; replay: boolean }
  | { kind: 'register'; registration: RegisterOp };

export interface DriverOptions {
  seed: string;
  lanes: number;
  chain: FakeEsplora;
  /** Distinguishes this run's emails and keys from any other run's. */
  tag: string;
}

const password = 'a long enough passphrase';
const photosPerAdMax = 12;

export class CrashDriver {
  readonly ads: AdOp[] = [];
  readonly uploads: UploadOp[] = [];
  readonly orders: OrderOp[] = [];
  readonly registrations: RegisterOp[] = [];
  /** Answers that were neither 2xx nor expected: each one is a failure. */
  readonly unexpected: string[] = [];
  answeredWrites = 0;
  lostRequests = 0;
  replays = 0;
  requestsSent = 0;

  private base = '';
  private up = false;
  private upWaiters: (() => void)[] = [];
  private stopping = false;
  private retryOnly = false;
  private readonly retries: PendingOp[] = [];
  private readonly afterRestart: PendingOp[] = [];
  private readonly replayRandom: Random;
  private readonly inFlight = new Map<number, string>();
  private nextRequestId = 0;
  private lanesRunning: Promise<void>[] = [];
  private readonly random: Random[];

  constructor(private readonly options: DriverOptions) {
    this.random = Array.from({ length: options.lanes }, (_, i) =>
      seededRandom(`${options.seed}:lane:${i}`),
    );
    this.replayRandom = seededRandom(`${options.seed}:replay`);
  }

  /** The server at `base` answers: lanes go on. */
  serverUp(base: string): void {
    this.base = base;
    this.up = true;
    this.retries.push(...this.afterRestart.splice(0));
    for (const wake of this.upWaiters.splice(0)) wake();
  }

  /** Called just before the kill: lanes finish (or lose) what is in flight, then wait. */
  serverDown(): void {
    this.up = false;
  }

  /** The kinds of the requests now waiting for an answer. */
  inFlightKinds(): string[] {
    return [...this.inFlight.values()];
  }

  start(): void {
    this.lanesRunning = this.random.map((random) => this.lane(random));
  }

  /** Sends every lost request again until each is answered; then the lanes end. */
  async drainRetries(timeoutMs: number): Promise<void> {
    this.retryOnly = true;
    const deadline = Date.now() + timeoutMs;
    while (this.retries.length > 0 || this.inFlight.size > 0 || this.anyBusy()) {
      if (Date.now() > deadline) {
        throw new Error(
          `lost requests still unanswered: ${this.retries.map((op) => op.kind).join(', ')}`,
        );
      }
      await sleep(50);
    }
    this.stopping = true;
    for (const wake of this.upWaiters.splice(0)) wake();
    await Promise.all(this.lanesRunning);
  }

  private anyBusy(): boolean {
    return this.ads.some((ad) => ad.busy);
  }

  private async lane(random: Random): Promise<void> {
    while (!this.stopping) {
      if (!this.up) {
        await new Promise<void>((resolve) => this.upWaiters.push(resolve));
        continue;
      }
      const retry = this.retries.shift();
      if (retry) {
        await this.runPending(retry);
        continue;
      }
      if (this.retryOnly) {
        await sleep(20);
        continue;
      }
      await this.newOperation(random);
    }
  }

  private async newOperation(random: Random): Promise<void> {
    const roll = random.next();
    const idleAds = this.ads.filter((ad) => ad.answered && !ad.busy);
    if (roll < 0.28) return this.createAd(random);
    if (roll < 0.56) {
      const ad = pickOf(
        random,
        idleAds.filter((a) => a.photosSent + 2 <= photosPerAdMax),
      );
      return ad ? this.upload(random, ad) : this.createAd(random);
    }
    if (roll < 0.68) {
      const ad = pickOf(
        random,
        idleAds.filter((a) => a.type === 'paid' && !a.order),
      );
      return ad ? this.requestAddress(random, ad) : this.createAd(random);
    }
    if (roll < 0.78) {
      const order = pickOf(
        random,
        this.orders.filter((o) => o.answered && o.payments.length === 0),
      );
      if (order) this.pay(random, order);
      if (random.chance(0.3)) this.options.chain.mine(1);
      return;
    }
    if (roll < 0.9) {
      const order = pickOf(
        random,
        this.orders.filter((o) => o.answered && o.payments.length > 0 && !o.ad.busy),
      );
      return order ? this.checkNow(order) : this.register(random);
    }
    return this.register(random);
  }

  private async runPending(op: PendingOp): Promise<void> {
    switch (op.kind) {
      case 'create':
        return this.sendCreate(op.ad, op.replay);
      case 'upload':
        return this.sendUpload(op.upload, op.replay);
      case 'address':
        return this.sendAddress(op.order, op.replay);
      case 'register':
        return this.sendRegister(op.registration);
    }
  }

  // ---- Operations ------------------------------------------------------------------

  private async createAd(random: Random): Promise<void> {
    const n = this.ads.length;
    const marker = `k${this.options.tag}n${n}`;
    const type = random.chance(0.45) ? 'paid' : 'free_verified';
    const email = `ad${n}.${this.options.tag}@crash.example.com`;
    const ad: AdOp = {
      marker,
      key: `crash-ad-${this.options.tag}-${n}-${random.hex(12)}`,
      type,
      email,
      body: { ...adForm, type, email, title: `Evening companion ${marker}` },
      answered: null,
      busy: true,
      photosSent: 0,
      order: null,
    };
    this.ads.push(ad);
    await this.sendCreate(ad, false);
  }

  private async sendCreate(ad: AdOp, replay: boolean): Promise<void> {
    const attempt = await this.request('create', 'POST', '/api/posts', {
      headers: { 'idempotency-key': ad.key },
      json: ad.body,
    });
    if (attempt.kind === 'lost') return this.later({ kind: 'create', ad, replay });
    if (this.expect200('create', attempt)) {
      const body = attempt.body as { post_id: string; token: string };
      if (replay) {
        if (body.post_id !== ad.answered?.postId || body.token !== ad.answered.token) {
          this.unexpected.push(
            `create ${ad.marker} sent again after a restart: ad ${body.post_id}, first ${ad.answered?.postId}`,
          );
        }
        return;
      }
      ad.answered = { postId: body.post_id, token: body.token };
      this.maybeReplay({ kind: 'create', ad, replay: true });
    }
    ad.busy = false;
  }

  private async upload(random: Random, ad: AdOp): Promise<void> {
    const count = random.int(1, 2);
    const files: Buffer[] = [];
    for (let i = 0; i < count; i += 1) {
      files.push(
        await solidJpeg({
          width: random.int(40, 96),
          height: random.int(30, 72),
          colour: [random.int(0, 255), random.int(0, 255), random.int(0, 255)],
        }),
      );
    }
    const upload: UploadOp = {
      ad,
      key: `crash-photo-${this.options.tag}-${this.uploads.length}-${random.hex(12)}`,
      files,
      answeredIds: null,
    };
    ad.busy = true;
    ad.photosSent += count;
    this.uploads.push(upload);
    await this.sendUpload(upload, false);
  }

  private async sendUpload(upload: UploadOp, replay: boolean): Promise<void> {
    const { ad } = upload;
    const form = new FormData();
    upload.files.forEach((data, i) => {
      form.append(String(i), new Blob([data], { type: 'image/jpeg' }), `photo-${i}.jpg`);
    });
    const attempt = await this.request('upload', 'POST', `/api/post/${postIdOf(ad)}/photos`, {
      headers: { 'edit-token': tokenOf(ad), 'idempotency-key': upload.key },
      form,
    });
    if (attempt.kind === 'lost') return this.later({ kind: 'upload', upload, replay });
    if (this.expect200('upload', attempt)) {
      const ids = (attempt.body as { photo_id: string }[]).map((p) => p.photo_id);
      if (replay) {
        const missing = (upload.answeredIds ?? []).filter((id) => !ids.includes(id));
        if (missing.length > 0) {
          this.unexpected.push(
            `upload ${upload.key} sent again: photos ${missing.join(', ')} gone`,
          );
        }
        return;
      }
      upload.answeredIds = ids;
      this.maybeReplay({ kind: 'upload', upload, replay: true });
    }
    ad.busy = false;
  }

  private async requestAddress(random: Random, ad: AdOp): Promise<void> {
    const order: OrderOp = {
      ad,
      key: `crash-pay-${this.options.tag}-${this.orders.length}-${random.hex(12)}`,
      answered: null,
      payments: [],
      extraPlanned: random.chance(0.25),
      extraPaid: false,
      statusAnswers: [],
    };
    ad.busy = true;
    ad.order = order;
    this.orders.push(order);
    await this.sendAddress(order, false);
  }

  private async sendAddress(order: OrderOp, replay: boolean): Promise<void> {
    const { ad } = order;
    const attempt = await this.request(
      'address',
      'GET',
      `/payment/address/BTC/${postIdOf(ad)}/paid/DAYS_30`,
      { headers: { 'edit-token': tokenOf(ad), 'idempotency-key': order.key } },
    );
    if (attempt.kind === 'lost') return this.later({ kind: 'address', order, replay });
    if (this.expect200('address', attempt)) {
      const body = attempt.body as { address: string; amountCrypto: string; status: string };
      if (replay) {
        if (body.address !== order.answered?.address) {
          this.unexpected.push(
            `address of ${order.key} asked again: ${body.address}, first ${order.answered?.address}`,
          );
        }
        return;
      }
      this.maybeReplay({ kind: 'address', order, replay: true });
      order.answered = {
        address: body.address,
        sats: satsOf(body.amountCrypto),
        status: body.status,
      };
    }
    ad.busy = false;
  }

  /** Pays the order's amount on the chain: in one output, two transactions or two outputs. */
  private pay(random: Random, order: OrderOp): void {
    const answered = order.answered;
    if (!answered) return;
    const { address, sats } = answered;
    const half = sats / 2n;
    const mode = random.pick(['one', 'one', 'two-txs', 'two-outputs'] as const);
    if (mode === 'one') {
      order.payments.push({ txid: this.options.chain.pay(address, sats), sats: [sats] });
    } else if (mode === 'two-txs') {
      order.payments.push({ txid: this.options.chain.pay(address, half), sats: [half] });
      order.payments.push({
        txid: this.options.chain.pay(address, sats - half),
        sats: [sats - half],
      });
    } else {
      const txid = this.options.chain.payMany([
        { address, sats: half },
        { address, sats: sats - half },
      ]);
      order.payments.push({ txid, sats: [half, sats - half] });
    }
  }

  /** POST /payment/status: the server reads the chain now and applies what it saw. */
  async checkNow(order: OrderOp): Promise<void> {
    const answered = order.answered;
    if (!answered) return;
    order.ad.busy = true;
    const attempt = await this.request(
      'status',
      'POST',
      `/payment/status/BTC/${postIdOf(order.ad)}/${answered.address}`,
      { headers: { 'edit-token': tokenOf(order.ad) }, json: { status: 'complete' } },
    );
    order.ad.busy = false;
    // A check only reads the chain again: a lost one is not sent again.
    if (attempt.kind === 'lost') return;
    if (!this.expect200('status', attempt)) return;
    const { status } = attempt.body as { status: string };
    order.statusAnswers.push(status);
    if (status === 'complete' && order.extraPlanned && !order.extraPaid) {
      // Money beyond a completed order: it must end up on a refund, never applied twice.
      order.extraPaid = true;
      order.payments.push({ txid: this.options.chain.pay(answered.address, 1500), sats: [1500n] });
    }
  }

  private async register(random: Random): Promise<void> {
    const registration: RegisterOp = {
      email: `reg${this.registrations.length}.${this.options.tag}.${random.hex(4)}@crash.example.com`,
      calls: 0,
      answered: 0,
    };
    this.registrations.push(registration);
    await this.sendRegister(registration);
  }

  private async sendRegister(registration: RegisterOp): Promise<void> {
    registration.calls += 1;
    const attempt = await this.request('register', 'POST', '/api/user/register', {
      json: { email: registration.email, password },
    });
    if (attempt.kind === 'lost') return this.later({ kind: 'register', registration });
    if (this.expect200('register', attempt)) registration.answered += 1;
  }

  // ---- HTTP ------------------------------------------------------------------------

  /** Now and then an answered request is sent again once the server has restarted. */
  private maybeReplay(op: PendingOp): void {
    if (this.retryOnly || !this.replayRandom.chance(0.15)) return;
    this.replays += 1;
    this.afterRestart.push(op);
  }

  private later(op: PendingOp): void {
    this.lostRequests += 1;
    this.retries.push(op);
  }

  private expect200(what: string, attempt: Attempt & { kind: 'answered' }): boolean {
    if (attempt.status === 200) {
      this.answeredWrites += 1;
      return true;
    }
    this.unexpected.push(`${what}: ${attempt.status} ${JSON.stringify(attempt.body)}`);
    return false;
  }

  private async request(
    kind: string,
    method: string,
    path: string,
    init: { headers?: Record<string, string>; json?: unknown; form?: FormData },
  ): Promise<Attempt> {
    const id = this.nextRequestId++;
    this.inFlight.set(id, kind);
    this.requestsSent += 1;
    try {
      const headers: Record<string, string> = { ...init.headers };
      let body: string | FormData | undefined;
      if (init.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.json);
      } else if (init.form) {
        body = init.form;
      }
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(60_000),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: kept as text for the report
      }
      return { kind: 'answered', status: res.status, body: parsed };
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        this.unexpected.push(`${kind}: no answer within 60 s from a live server`);
      }
      return { kind: 'lost', error: String(error) };
    } finally {
      this.inFlight.delete(id);
    }
  }
}

function pickOf<T>(random: Random, items: T[]): T | null {
  return items.length === 0 ? null : random.pick(items);
}

function postIdOf(ad: AdOp): string {
  if (!ad.answered) throw new Error(`ad ${ad.marker} has no answer`);
  return ad.answered.postId;
}

function tokenOf(ad: AdOp): string {
  if (!ad.answered) throw new Error(`ad ${ad.marker} has no answer`);
  return ad.answered.token;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
