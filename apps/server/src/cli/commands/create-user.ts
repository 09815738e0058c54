import {
  cliAccountMessages as m,
  cliCreateUserInputSchema,
  passwordSchema,
  sayIn,
} from '@adboard/shared';
import {
  hashPassword,
  passwordProblem,
  unusablePasswordHash,
} from '../../modules/accounts/passwords.js';
import { findUserByEmail } from '../../modules/accounts/user-repository.js';
import { createStaffAccount } from '../../modules/accounts/create-staff-account.js';
import { publicPortOf, siteServedOn } from '../../modules/sites/served-site.js';
import { defaultSiteFor, findSite } from '../../modules/sites/site-by-id.js';
import { siteRegistry } from '../../modules/sites/site-registry.js';
import type { CliSession } from '../cli-session.js';
import { CliRefusal, defineCommand, type CliIo } from '../command.js';

/** The site named (refused when the registry has no such id) or the default, as served. */
function siteOf(session: CliSession, siteId: string | undefined) {
  const { config } = session;
  const listed = siteId
    ? findSite(siteId)
    : defaultSiteFor(config.isProduction ? 'production' : 'development');
  if (!listed)
    throw new CliRefusal(
      m.unknownSite(
        siteId ?? '',
        siteRegistry.map((s) => s.id),
      ),
    );
  // Links name the port people reach a development site at, as a worker's mails do.
  return siteServedOn(listed, publicPortOf(config, null));
}

/**
 * The password typed at the terminal (twice, since it does not show) or read from a
 * pipe, checked by the site's rule as registration checks it, and hashed. It is never
 * printed, logged or kept: only its hash leaves this function.
 */
async function typedPasswordHash(io: CliIo, email: string, minLength: number): Promise<string> {
  const typed = await io.askSecret(m.passwordPrompt(email));
  if (io.terminal && (await io.askSecret(m.passwordAgainPrompt)) !== typed) {
    throw new CliRefusal(m.passwordsDiffer);
  }
  if (typed === '') throw new CliRefusal(m.passwordMissing);
  const bounded = passwordSchema.safeParse(typed);
  const problem = bounded.success
    ? passwordProblem(bounded.data, minLength)
    : (bounded.error.issues[0]?.message ?? m.passwordMissing);
  // The console's operator reads English.
  if (problem) throw new CliRefusal(m.passwordRefused(sayIn('en', problem)));
  return hashPassword(typed);
}

/** `create-user`: a moderator or admin account, audited as the operator. */
export const createUserCommand = defineCommand({
  name: 'create-user',
  summary: m.createUserSummary,
  usage: '--email <address> --role moderator|admin [--site <id>] [--mail-link]',
  options: {
    email: { type: 'string', value: '<address>', description: m.newEmailOption },
    role: { type: 'string', value: '<role>', description: m.staffRoleOption },
    site: { type: 'string', value: '<id>', description: m.siteOption },
    'mail-link': { type: 'boolean', description: m.mailLinkOption },
  },
  input: cliCreateUserInputSchema,
  async run(context, input) {
    const site = siteOf(context.session, input.site);
    const services = await context.session.services();
    // Before any password is asked; the insert checks again (the email is unique).
    if (await findUserByEmail(services.database.db, input.email)) {
      throw new CliRefusal(m.accountExists(input.email));
    }
    const invite = input['mail-link'];
    const passwordHash = invite
      ? await unusablePasswordHash()
      : await typedPasswordHash(context.io, input.email, site.passwordMinLength);
    const user = await services.database.transaction((tx) =>
      createStaffAccount(tx, services, context.operator, {
        email: input.email,
        role: input.role,
        site,
        passwordHash,
        invite,
      }),
    );
    if (!user) throw new CliRefusal(m.accountExists(input.email));
    const said = invite ? m.createdWithLink : m.created;
    context.io.out(said(user.email, input.role, site.id));
  },
});
