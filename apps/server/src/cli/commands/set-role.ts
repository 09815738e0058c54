import { cliAccountMessages as m, cliSetRoleInputSchema } from '@adboard/shared';
import { findUserByEmail } from '../../modules/accounts/user-repository.js';
import { changeRole } from '../../modules/moderation/change-role.js';
import { CliRefusal, defineCommand } from '../command.js';

/** `set-role`: what the console's role change does, as the operator, in one transaction. */
export const setRoleCommand = defineCommand({
  name: 'set-role',
  summary: m.setRoleSummary,
  usage: '--email <address> --role advertiser|moderator|admin',
  options: {
    email: { type: 'string', value: '<address>', description: m.emailOption },
    role: { type: 'string', value: '<role>', description: m.roleOption },
  },
  input: cliSetRoleInputSchema,
  async run(context, input) {
    const database = await context.session.database();
    const user = await findUserByEmail(database.db, input.email);
    if (!user) throw new CliRefusal(m.noSuchAccount(input.email));
    const changed = await database.transaction((tx) =>
      changeRole(tx, context.operator, user.id, input.role),
    );
    context.io.out(
      changed ? m.roleChanged(user.email, input.role) : m.roleUnchanged(user.email, input.role),
    );
  },
});
