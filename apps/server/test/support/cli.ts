import os from 'node:os';
import { createOutboxOnlyTransport } from '../../src/adapters/mail/mail-transport.js';
import { createFixedRateSource } from '../../src/adapters/rates/fixed-rate-source.js';
import { createOutboxOnlySmsTransport } from '../../src/adapters/sms/sms-transport.js';
import type { PhotoStorage } from '../../src/adapters/storage/photo-storage.js';
import type { CliIo } from '../../src/cli/command.js';
import { runCli } from '../../src/cli/cli.js';
import { cliOperator } from '../../src/cli/operator.js';
import type { TestApp } from './test-app.js';

export interface CliResult {
  code: number;
  /** Lines of stdout: the command's result. */
  out: string[];
  /** Everything written to stdout, as written (an export's bytes; `out`'s lines ended). */
  stdout: string;
  /** Lines of stderr: refusals, usage errors, prompts' answers. */
  err: string[];
  /** The prompts the command asked its secrets with. */
  prompts: string[];
}

export interface CliOptions {
  /** Settings beside the app's database and chain. */
  env?: Record<string, string>;
  /** What the operator types at each secret prompt, in order. */
  secrets?: string[];
  /** The machine user the audit log names (default `ops`). */
  machineUser?: string;
  /** Secrets typed at a terminal (asked twice when new) rather than piped (default: piped). */
  terminal?: boolean;
  /** The mail transport the settings name (SMTP_URL), as the server makes it; default: the outbox. */
  settingsMail?: boolean;
  /** Another photo storage than the app's; null: the one the settings name (`env`). */
  storage?: PhotoStorage | null;
}

/**
 * Runs the operator's CLI in this process, on the app's database, photo storage and
 * fake chain, with the settings a server of that app would read.
 */
export async function cli(
  t: TestApp,
  argv: readonly string[],
  options: CliOptions = {},
): Promise<CliResult> {
  const result: CliResult = { code: -1, out: [], stdout: '', err: [], prompts: [] };
  const secrets = [...(options.secrets ?? [])];
  const io: CliIo = {
    out: (line) => {
      result.out.push(line);
      result.stdout += `${line}\n`;
    },
    write: (text) => {
      result.stdout += text;
    },
    err: (line) => result.err.push(line),
    askSecret: async (prompt) => {
      result.prompts.push(prompt);
      return secrets.shift() ?? '';
    },
    terminal: options.terminal ?? false,
  };
  result.code = await runCli(argv, {
    io,
    env: {
      NODE_ENV: 'test',
      DATA_DIR: os.tmpdir(),
      DATABASE_URL: t.databaseUrl,
      ESPLORA_URL: t.chain.url,
      ...options.env,
    },
    operator: cliOperator(options.machineUser ?? 'ops'),
    overrides: {
      ...(options.storage === null ? {} : { storage: options.storage ?? t.storage }),
      rates: createFixedRateSource(60_000),
      ...(options.settingsMail ? {} : { mail: createOutboxOnlyTransport() }),
      sms: createOutboxOnlySmsTransport(),
    },
  });
  return result;
}
