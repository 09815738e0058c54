import { z } from 'zod';
import { waitInWords } from '../messages.js';

/** The parts `health` looks at, in the order it prints them. */
export const healthParts = [
  'database',
  'redis',
  'storage',
  'mail',
  'chain',
  'jobs',
  'outbox',
  'payments',
] as const;
export type HealthPart = (typeof healthParts)[number];

export const healthStates = ['ok', 'warn', 'down'] as const;
export type HealthState = (typeof healthStates)[number];

const partNames: Record<HealthPart, string> = {
  database: 'database',
  redis: 'Redis',
  storage: 'photo storage',
  mail: 'mail',
  chain: 'chain source',
  jobs: 'job queue',
  outbox: 'outbox',
  payments: 'payment orders',
};
const nameWidth = Math.max(...Object.values(partNames).map((name) => name.length));

/** `health` at the command line: what it prints and what it accepts. */
export const cliHealthMessages = {
  summary:
    'show at a glance whether each part the site runs on answers, one line each (exit 1 when one is down)',
  jsonOption: 'print one JSON object instead (for scripts and monitoring)',
  partName: (part: HealthPart) => partNames[part],
  /** One part: its name, its state and its figure, in columns. */
  line: (part: HealthPart, state: HealthState, figure: string) =>
    `${partNames[part].padEnd(nameWidth)}  ${state.padEnd(4)}  ${figure}`,
  migrations: (applied: number, pending: number) =>
    `answers; ${applied} migrations applied, ${pending} pending` +
    (pending > 0 ? ' (the next server start applies them)' : ''),
  answers: 'answers',
  storageAnswers: (kind: string) => `answers (${kind})`,
  smtpAnswers: 'the SMTP server answers',
  outboxOnly: 'outbox only (local)',
  tipHeight: (height: number) => `answers; tip height ${height}`,
  /** Several figures of one part, on its line. */
  figures: (figures: readonly string[]) => figures.join('; '),
  noJobsWaiting: 'no job waiting',
  jobsWaiting: (count: number, oldestSeconds: number, job: string) =>
    `${count} waiting; the oldest for ${waitInWords(oldestSeconds)} (${job})`,
  jobsLater: (count: number) => `${count} scheduled for later`,
  nothingQueued: 'nothing queued',
  queued: (count: number, oldestSeconds: number, channel: string) =>
    `${count} queued; the oldest for ${waitInWords(oldestSeconds)} (${channel})`,
  openOrders: (count: number) => `${count} open`,
  noAnswerWithin: (seconds: number) => `no answer within ${seconds} s`,
  /** The one line on stderr when a part is down (exit 1). */
  partsDown: (parts: readonly HealthPart[]) =>
    `down: ${parts.map((part) => partNames[part]).join(', ')}`,
} as const;

export const cliHealthInputSchema = z.object({ json: z.boolean().default(false) });
export type CliHealthInput = z.infer<typeof cliHealthInputSchema>;
