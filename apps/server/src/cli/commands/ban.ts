import { cliBanInputSchema, cliBanMessages as m } from '@adboard/shared';
import { findUserByEmail } from '../../modules/accounts/user-repository.js';
import { banUser, unbanUser } from '../../modules/moderation/ban-user.js';
import { CliRefusal, defineCommand, type CommandContext } from '../command.js';

const options = {
  email: { type: 'string', value: '<address>', description: m.emailOption },
  reason: { type: 'string', value: '<text>', description: m.reasonOption },
} as const;

/** The account of an email, or the refusal that names it. */
async function accountOf(context: CommandContext, email: string) {
  const database = await context.session.database();
  const user = await findUserByEmail(database.db, email);
  if (!user) throw new CliRefusal(m.noSuchAccount(email));
  return user;
}

/** `ban`: what the console's Ban does, as the operator, in one transaction. */
export const banCommand = defineCommand({
  name: 'ban',
  summary: m.banSummary,
  usage: '--email <address> --reason <text>',
  options,
  input: cliBanInputSchema,
  async run(context, input) {
    const services = await context.session.services();
    const user = await accountOf(context, input.email);
    const changed = await services.database.transaction((tx) =>
      banUser(tx, services, context.operator, user.id, input.reason),
    );
    context.io.out(changed ? m.banned(user.email) : m.alreadyBanned(user.email));
  },
});

/** `unban`: lifts the ban; the reason goes into the audit entry. */
export const unbanCommand = defineCommand({
  name: 'unban',
  summary: m.unbanSummary,
  usage: '--email <address> --reason <text>',
  options,
  input: cliBanInputSchema,
  async run(context, input) {
    const services = await context.session.services();
    const user = await accountOf(context, input.email);
    const changed = await services.database.transaction((tx) =>
      unbanUser(tx, context.operator, user.id, input.reason),
    );
    context.io.out(changed ? m.unbanned(user.email) : m.notBanned(user.email));
  },
});
