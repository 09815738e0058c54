import { z } from 'zod';
import { emailSchema, textSchema } from '../schemas/common.js';
import { cliMessages } from './cli-messages.js';

/** Ban and unban at the command line: what they say and what they accept. */
export const cliBanMessages = {
  banSummary: 'ban an account: its sessions end, its ads leave the public pages',
  unbanSummary: 'lift the ban of an account (its sessions stay ended)',
  emailOption: 'the email of the account',
  reasonOption: 'why (kept in the audit log)',
  noSuchAccount: (email: string) => `no account has the email ${email}`,
  banned: (email: string) => `banned ${email}`,
  alreadyBanned: (email: string) => `${email} was already banned: nothing changed`,
  unbanned: (email: string) => `lifted the ban of ${email}`,
  notBanned: (email: string) => `${email} is not banned: nothing changed`,
} as const;

export const cliEmailSchema = z.string({ error: cliMessages.required }).pipe(emailSchema);

export const cliReasonSchema = textSchema({ lines: 'many', error: cliMessages.reasonRequired })
  .min(3, { error: cliMessages.reasonRequired })
  .max(2000, { error: cliMessages.reasonTooLong });

export const cliBanInputSchema = z.object({ email: cliEmailSchema, reason: cliReasonSchema });
export type CliBanInput = z.infer<typeof cliBanInputSchema>;
