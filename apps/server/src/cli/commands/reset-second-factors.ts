import { cliResetSecondFactorsInputSchema, cliSecondFactorMessages as m } from '@adboard/shared';
import { findUserByEmail } from '../../modules/accounts/user-repository.js';
import { resetSecondFactors } from '../../modules/moderation/reset-second-factors.js';
import { CliRefusal, defineCommand } from '../command.js';

/**
 * `reset-second-factors`: the console's reset of an account's two-step sign-in, as
 * the operator (issue 27), for an owner who lost every factor and proved who they are.
 */
export const resetSecondFactorsCommand = defineCommand({
  name: 'reset-second-factors',
  summary: m.resetSummary,
  usage: '--email <address> --reason <text>',
  options: {
    email: { type: 'string', value: '<address>', description: m.emailOption },
    reason: { type: 'string', value: '<text>', description: m.reasonOption },
  },
  input: cliResetSecondFactorsInputSchema,
  async run(context, input) {
    const services = await context.session.services();
    const user = await findUserByEmail(services.database.db, input.email);
    if (!user) throw new CliRefusal(m.noSuchAccount(input.email));
    const removed = await services.database.transaction((tx) =>
      resetSecondFactors(tx, services, context.operator, user.id, input.reason),
    );
    context.io.out(removed > 0 ? m.reset(user.email, removed) : m.nothingToReset(user.email));
  },
});
