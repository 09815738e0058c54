import { z } from 'zod';
import { limits, roles } from '../limits.js';
import { textSchema } from '../schemas/common.js';
import { cliBanMessages, cliEmailSchema, cliReasonSchema } from './moderation-commands.js';

/** The roles an account made at the command line may have: staff, never an advertiser. */
export const staffRoles = ['moderator', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** create-user and set-role at the command line: what they say and what they accept. */
export const cliAccountMessages = {
  createUserSummary:
    'create a moderator or admin account, its password typed here or set through a mailed link',
  newEmailOption: 'the email of the new account (counts as verified)',
  staffRoleOption: 'moderator or admin',
  siteOption:
    'the site (brand) the account belongs to, whose frame its mails carry (default: see the manual)',
  mailLinkOption: `mail a one-time link to choose the password (it works within ${limits.passwordResetTtlMinutes} minutes) instead of typing it`,
  staffRoleRequired: 'give moderator or admin',
  siteInvalid: 'give a site id such as local or network',
  unknownSite: (id: string, known: readonly string[]) =>
    `no site has the id "${id}" (the sites: ${known.join(', ')}): nothing was created`,
  accountExists: (email: string) =>
    `an account with the email ${email} exists already: nothing was created (set-role changes its role)`,
  passwordPrompt: (email: string) => `Password for ${email}: `,
  passwordAgainPrompt: 'The same password again: ',
  passwordMissing: 'no password was given: nothing was created',
  passwordsDiffer: 'the two passwords differ: nothing was created',
  /** A password the site's rule refuses: its problem, then this. */
  passwordRefused: (problem: string) => `${problem} Nothing was created.`,
  created: (email: string, role: StaffRole, siteId: string) =>
    `created ${role} ${email} on the site ${siteId}: they can sign in now`,
  createdWithLink: (email: string, role: StaffRole, siteId: string) =>
    `created ${role} ${email} on the site ${siteId}; the link to choose a password is in the outbox (it works once, within ${limits.passwordResetTtlMinutes} minutes)`,

  setRoleSummary: 'give an account the role advertiser, moderator or admin (from its next request)',
  emailOption: cliBanMessages.emailOption,
  roleOption: 'advertiser, moderator or admin',
  roleRequired: 'give advertiser, moderator or admin',
  noSuchAccount: cliBanMessages.noSuchAccount,
  roleChanged: (email: string, role: string) => `${email} is now ${role}, from their next request`,
  roleUnchanged: (email: string, role: string) => `${email} is already ${role}: nothing changed`,
} as const;

/** reset-second-factors at the command line (issue 27): what it says and accepts. */
export const cliSecondFactorMessages = {
  resetSummary:
    'remove every second factor of an account that lost them all (its owner is mailed; audited)',
  emailOption: cliBanMessages.emailOption,
  reasonOption: 'how the owner was identified (kept in the audit log)',
  noSuchAccount: cliBanMessages.noSuchAccount,
  reset: (email: string, count: number) =>
    `removed ${count} authenticator app(s), the recovery codes and remembered devices of ${email}: they sign in with the password alone`,
  nothingToReset: (email: string) => `${email} has no second factor: nothing changed`,
} as const;

export const cliResetSecondFactorsInputSchema = z.object({
  email: cliEmailSchema,
  reason: cliReasonSchema,
});
export type CliResetSecondFactorsInput = z.infer<typeof cliResetSecondFactorsInputSchema>;

export const cliCreateUserInputSchema = z.object({
  email: cliEmailSchema,
  role: z.enum(staffRoles, { error: cliAccountMessages.staffRoleRequired }),
  site: textSchema({ error: cliAccountMessages.siteInvalid })
    .regex(/^[a-z0-9-]{1,40}$/, { error: cliAccountMessages.siteInvalid })
    .optional(),
  'mail-link': z.boolean().default(false),
});
export type CliCreateUserInput = z.infer<typeof cliCreateUserInputSchema>;

export const cliSetRoleInputSchema = z.object({
  email: cliEmailSchema,
  role: z.enum(roles, { error: cliAccountMessages.roleRequired }),
});
export type CliSetRoleInput = z.infer<typeof cliSetRoleInputSchema>;
