import type { CliCommand } from '../command.js';
import { banCommand, unbanCommand } from './ban.js';
import { healthCommand } from './health.js';

/** Every command of the operator's CLI, in the order the help lists them. */
export const cliCommands: readonly CliCommand[] = [banCommand, unbanCommand, healthCommand];
