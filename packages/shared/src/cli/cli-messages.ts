import { z } from 'zod';

/**
 * What the operator's command line says (apps/server/src/cli): its help, its usage
 * errors (exit 2) and the lines it ends with. Each group of commands keeps its own
 * messages beside this file.
 */
export const cliMessages = {
  usage: 'Usage: npm run cli -- <command> [options]   (installed: adboard <command> [options])',
  commandsHeading: 'Commands:',
  optionsHeading: 'Options:',
  helpHint: 'Run a command with --help to see its options.',
  commandHelpHint: (command: string) => `Run "npm run cli -- ${command} --help" for its options.`,
  commandUsage: (command: string, usage: string) => `Usage: npm run cli -- ${command} ${usage}`,
  helpOption: 'show this help',
  noCommand: 'give a command',
  unknownCommand: (name: string) => `unknown command "${name}"`,
  unknownOption: (option: string) => `unknown option ${option}`,
  optionNeedsValue: (option: string) => `${option} needs a value`,
  optionTakesNoValue: (option: string) => `${option} takes no value`,
  unexpectedArgument: (argument: string) =>
    `unexpected argument "${argument}": every value is given with its option`,
  optionProblem: (option: string, message: string) => `--${option}: ${message}`,
  /** The one line of a refused action (exit 1). */
  refused: (message: string) => `refused: ${message}`,
  /** A setting that stops the command before it does anything (exit 1). */
  cannotRun: (message: string) => `cannot run: ${message}`,
  /** Something failed underneath (the database unreachable, a store down): exit 1. */
  failed: (message: string) => `failed: ${message}`,
  /** The options every command validates with. */
  required: 'is required',
  reasonRequired: 'give a reason of at least 3 characters',
  reasonTooLong: 'the reason is at most 2,000 characters',
  idInvalid: 'give the id as listed (36 characters: 8-4-4-4-12 hexadecimal digits)',
} as const;

/** The id of a row (a refund, an order, a message), as the listing commands print it. */
export const cliIdSchema = z
  .string({ error: cliMessages.required })
  .trim()
  .pipe(z.uuid({ error: cliMessages.idInvalid }));
