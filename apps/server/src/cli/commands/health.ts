import {
  cliHealthInputSchema,
  cliHealthMessages as m,
  healthParts,
  type HealthPart,
} from '@adboard/shared';
import { migrationsDir } from '../../db/migrations-dir.js';
import {
  checkHealth,
  type HealthReport,
  type PartReport,
} from '../../modules/health/check-health.js';
import { NoAnswerError } from '../../modules/health/dependency-state.js';
import { defineCommand } from '../command.js';

/** Some part is down: every line is printed, then this one on stderr (exit 1). */
class PartsDown extends Error {
  override name = 'PartsDown';
}

/** Why a part is down, on one line. */
function describe(error: unknown): string {
  if (error instanceof NoAnswerError) return m.noAnswerWithin(error.timeoutMs / 1000);
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

type Answered<R extends PartReport> = Extract<R, { state: 'ok' | 'warn' }>;

/** The figure of a part that answered. */
const figures: { [P in HealthPart]-?: (part: Answered<NonNullable<HealthReport[P]>>) => string } = {
  database: ({ migrations }) => m.migrations(migrations.applied, migrations.pending),
  redis: () => m.answers,
  storage: ({ kind }) => m.storageAnswers(kind),
  mail: ({ transport }) => (transport === 'smtp' ? m.smtpAnswers : m.outboxOnly),
  chain: ({ tipHeight }) => m.tipHeight(tipHeight),
  jobs: ({ queues }) => {
    const waiting = queues.reduce((sum, queue) => sum + queue.waiting, 0);
    const later = queues.reduce((sum, queue) => sum + queue.later, 0);
    const oldest = queues
      .filter((queue) => queue.waiting > 0)
      .sort((a, b) => b.oldestWaitingSeconds - a.oldestWaitingSeconds)[0];
    return m.figures([
      oldest ? m.jobsWaiting(waiting, oldest.oldestWaitingSeconds, oldest.job) : m.noJobsWaiting,
      ...(later > 0 ? [m.jobsLater(later)] : []),
    ]);
  },
  outbox: ({ channels }) => {
    const oldest = [...channels].sort((a, b) => b.oldestQueuedSeconds - a.oldestQueuedSeconds)[0];
    const queued = channels.reduce((sum, channel) => sum + channel.queued, 0);
    return oldest ? m.queued(queued, oldest.oldestQueuedSeconds, oldest.channel) : m.nothingQueued;
  },
  payments: ({ openOrders }) => m.openOrders(openOrders),
};

/** The parts the report names, in the order they are printed. */
function partsOf(report: HealthReport): [HealthPart, PartReport][] {
  return healthParts.flatMap((part) => {
    const found = report[part];
    return found ? [[part, found] as [HealthPart, PartReport]] : [];
  });
}

function lineOf(part: HealthPart, found: PartReport): string {
  if (found.state === 'down') return m.line(part, 'down', describe(found.error));
  const figure = figures[part] as (answered: typeof found) => string;
  return m.line(part, found.state, figure(found));
}

/** The report as `--json` prints it: why a part is down as one line of text. */
function jsonOf(report: HealthReport, ok: boolean): Record<string, unknown> {
  const parts = partsOf(report).map(([part, found]) => [
    part,
    found.state === 'down' ? { state: 'down', error: describe(found.error) } : found,
  ]);
  return { ok, ...Object.fromEntries(parts) };
}

/** `health`: one line per part with its state and a figure; exit 1 when a part is down. */
export const healthCommand = defineCommand({
  name: 'health',
  summary: m.summary,
  usage: '[--json]',
  options: { json: { type: 'boolean', description: m.jsonOption } },
  input: cliHealthInputSchema,
  async run(context, input) {
    const services = await context.session.servicesAsTheyAre();
    const report = await checkHealth({
      database: services.database,
      migrationsDir,
      redis: services.redis,
      storage: services.storage,
      storageKind: services.config.storage.kind,
      mail: services.mail,
      chain: services.payments.chain,
    });
    const down = partsOf(report)
      .filter(([, found]) => found.state === 'down')
      .map(([part]) => part);
    if (input.json) context.io.out(JSON.stringify(jsonOf(report, down.length === 0)));
    else for (const [part, found] of partsOf(report)) context.io.out(lineOf(part, found));
    if (down.length > 0) throw new PartsDown(m.partsDown(down));
  },
});
