import { parseArgs } from 'node:util';
import { cliMessages, sayIn } from '@adboard/shared';
import type { z } from 'zod';
import type { Operator } from '../domain/actor.js';
import type { CliSession } from './cli-session.js';

/** Where a command reads and writes: the terminal in use, a test's buffers in tests. */
export interface CliIo {
  /** A line of the command's result (stdout). */
  out(line: string): void;
  /** Output written as it is, no line added (stdout): an export's own line ends. */
  write(text: string): void;
  /** A line about the run itself: a refusal, a usage error, progress (stderr). */
  err(line: string): void;
  /**
   * Asks for a secret: on a terminal without echo; from a pipe, the next line of
   * standard input (`printf 'pw\n' | npm run cli -- create-user …`).
   */
  askSecret(prompt: string): Promise<string>;
  /**
   * Whether secrets are typed at a terminal (stdin is a TTY): a person who cannot see
   * what they typed is asked a new secret twice. False from a pipe, which gives it once.
   */
  readonly terminal: boolean;
}

export interface CommandContext {
  io: CliIo;
  /** The settings, and the database and services opened the first time a command asks. */
  session: CliSession;
  /** Who the audit log names for what the command changes: `cli:<machine user>`. */
  operator: Operator;
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** What the value stands for in the help (`<address>`). */
  value?: string;
  description: string;
  multiple?: boolean;
}

/** A command of the operator's CLI, its input checked by a shared schema. */
export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  options: Record<string, OptionSpec>;
  /** Parses and validates argv (after the command's name), then runs. */
  execute(context: CommandContext, args: readonly string[]): Promise<void>;
}

/** Bad usage: an unknown option, a missing or invalid value (exit 2). */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
  constructor(
    message: string,
    readonly command: string | null = null,
  ) {
    super(message);
  }
}

/** The action is refused, with one line saying why (exit 1). */
export class CliRefusal extends Error {
  override name = 'CliRefusal';
}

/** What `--help` shows for a command, from its spec. */
export function commandHelp(command: Pick<CliCommand, 'name' | 'summary' | 'usage' | 'options'>) {
  const rows = [
    ...Object.entries(command.options).map(
      ([name, spec]) =>
        [`--${name}${spec.value ? ` ${spec.value}` : ''}`, spec.description] as const,
    ),
    ['--help', cliMessages.helpOption] as const,
  ];
  const width = Math.max(...rows.map(([left]) => left.length));
  return [
    cliMessages.commandUsage(command.name, command.usage),
    '',
    command.summary,
    '',
    cliMessages.optionsHeading,
    ...rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`),
  ];
}

/**
 * A command from its options, the shared schema its values must pass, and what it
 * does with them. Positional arguments are not taken: every value is named.
 */
export function defineCommand<S extends z.ZodType>(spec: {
  name: string;
  summary: string;
  usage: string;
  options: Record<string, OptionSpec>;
  input: S;
  run(context: CommandContext, input: z.output<S>): Promise<void>;
}): CliCommand {
  return {
    name: spec.name,
    summary: spec.summary,
    usage: spec.usage,
    options: spec.options,
    async execute(context, args) {
      let values: Record<string, unknown>;
      try {
        values = parseArgs({
          args: [...args],
          options: Object.fromEntries(
            Object.entries(spec.options).map(([name, option]) => [
              name,
              { type: option.type, ...(option.multiple ? { multiple: true } : {}) },
            ]),
          ),
          allowPositionals: false,
          strict: true,
        }).values;
      } catch (error) {
        throw new CliUsageError(parseProblem(error as Error & { code?: string }), spec.name);
      }
      const parsed = spec.input.safeParse(values);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const option = issue?.path[0];
        const message = issue ? sayIn('en', issue.message) : cliMessages.required;
        throw new CliUsageError(
          typeof option === 'string' ? cliMessages.optionProblem(option, message) : message,
          spec.name,
        );
      }
      await spec.run(context, parsed.data);
    },
  };
}

/** Node's parseArgs errors, in the catalogue's words. */
function parseProblem(error: Error & { code?: string }): string {
  const quoted = /'([^']+)'/.exec(error.message)?.[1] ?? '';
  const option = quoted.split(/[\s,]/)[0] ?? quoted;
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return cliMessages.unknownOption(option);
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return cliMessages.unexpectedArgument(quoted);
    default:
      return /does not take an argument/.test(error.message)
        ? cliMessages.optionTakesNoValue(option)
        : cliMessages.optionNeedsValue(option);
  }
}
