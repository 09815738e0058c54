import { z } from 'zod';
import { accountMessages as accountSaid } from '../i18n/catalogues/account/index.js';
import { tagsOf } from '../i18n/said.js';

const accountMessages = tagsOf(accountSaid);
import { emailSchema } from './common.js';
import { passwordSchema } from './account.js';

/**
 * Change password from the account page (issue 27): the current password (a wrong one
 * counts as a failed sign-in) and the new one, which the site's rule checks
 * (`passwordProblem`: its minimum length, no common password).
 */
export const accountPasswordBodySchema = z.object({
  currentPassword: passwordSchema,
  newPassword: passwordSchema,
});
export type AccountPasswordBody = z.infer<typeof accountPasswordBodySchema>;

/** Change email, first step: the current password (ASVS 5.0 7.5.1) and the new address. */
export const emailChangeBodySchema = z.object({
  password: passwordSchema,
  email: emailSchema,
});
export type EmailChangeBody = z.infer<typeof emailChangeBodySchema>;

/** Change email, second step: the code mailed to the new address. */
export const emailChangeConfirmBodySchema = z.object({
  code: z
    .string({ error: accountMessages.email.codeWrong })
    .trim()
    .regex(/^\d{6}$/, { error: accountMessages.email.codeWrong }),
});
export type EmailChangeConfirmBody = z.infer<typeof emailChangeConfirmBodySchema>;

/** The confirmed change: the account's email now. */
export const emailChangedResultSchema = z.object({
  success: z.literal(true),
  email: z.string(),
});
export type EmailChangedResult = z.infer<typeof emailChangedResultSchema>;
