import { cliMessages } from '@adboard/shared';
import type { ServiceOverrides } from '../composition.js';
import { ConfigError, loadConfig } from '../config.js';
import type { Operator } from '../domain/actor.js';
import { DomainError } from '../domain/errors.js';
import { commandHelp, CliRefusal, CliUsageError, type CliCommand, type CliIo } from './command.js';
import { cliCommands } from './commands/index.js';
import { openCliSession } from './cli-session.js';
import { cliOperator } from './operator.js';

/** 0: done; 1: refused, or failed underneath, with one line saying why; 2: bad usage. */
export const exitCodes = { ok: 0, refused: 1, usage: 2 } as const;

export interface CliRun {
  io: CliIo;
  /** The settings, read by config.ts as the server reads them (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** What a test replaces among the services (a mail receiver, the fake chain). */
  overrides?: ServiceOverrides;
  operator?: Operator;
  commands?: readonly CliCommand[];
}

/** The whole help: every command and what it does. */
export function generalHelp(commands: readonly CliCommand[]): string[] {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    cliMessages.usage,
    '',
    cliMessages.commandsHeading,
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    cliMessages.helpHint,
  ];
}

/**
 * Runs one command line (`argv` without node and the script) and answers its exit
 * code. Help and usage are checked before any setting is read or anything is opened.
 */
export async function runCli(argv: readonly string[], run: CliRun): Promise<number> {
  const { io } = run;
  const commands = run.commands ?? cliCommands;
  const [name, ...args] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    for (const line of generalHelp(commands)) io.out(line);
    return exitCodes.ok;
  }
  if (name === undefined || name.startsWith('-')) {
    io.err(name === undefined ? cliMessages.noCommand : cliMessages.unknownCommand(name));
    for (const line of generalHelp(commands)) io.err(line);
    return exitCodes.usage;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    io.err(cliMessages.unknownCommand(name));
    io.err(cliMessages.helpHint);
    return exitCodes.usage;
  }
  if (args.includes('--help') || args.includes('-h')) {
    for (const line of commandHelp(command)) io.out(line);
    return exitCodes.ok;
  }
  let config;
  try {
    config = loadConfig(run.env ?? process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(cliMessages.cannotRun(error.message));
    return exitCodes.refused;
  }
  const session = openCliSession(config, run.overrides);
  try {
    await command.execute({ io, session, operator: run.operator ?? cliOperator() }, args);
    return exitCodes.ok;
  } catch (error) {
    return reportFailure(io, error);
  } finally {
    await session.close().catch(() => undefined);
  }
}

function reportFailure(io: CliIo, error: unknown): number {
  if (error instanceof CliUsageError) {
    io.err(error.message);
    if (error.command) io.err(cliMessages.commandHelpHint(error.command));
    return exitCodes.usage;
  }
  if (error instanceof CliRefusal || error instanceof DomainError) {
    io.err(cliMessages.refused(oneLine(error.message)));
    return exitCodes.refused;
  }
  io.err(cliMessages.failed(oneLine(error instanceof Error ? error.message : String(error))));
  return exitCodes.refused;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
