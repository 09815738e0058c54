import type { CliCommand } from '../command.js';
import { auditExportCommand } from './audit-export.js';
import { banCommand, unbanCommand } from './ban.js';
import { healthCommand } from './health.js';
import { createUserCommand } from './create-user.js';
import { setRoleCommand } from './set-role.js';
import { resetSecondFactorsCommand } from './reset-second-factors.js';
import { checkPaymentsCommand } from './check-payments.js';
import { outboxCommand, resendMailCommand } from './outbox.js';
import { refundsCommand, refundSentCommand } from './refunds.js';
import { backupCommand, restoreCommand } from './backup.js';

/** Every command of the operator's CLI, in the order the help lists them. */
export const cliCommands: readonly CliCommand[] = [
  banCommand,
  unbanCommand,
  createUserCommand,
  setRoleCommand,
  resetSecondFactorsCommand,
  auditExportCommand,
  refundsCommand,
  refundSentCommand,
  checkPaymentsCommand,
  outboxCommand,
  resendMailCommand,
  healthCommand,
  backupCommand,
  restoreCommand,
];
