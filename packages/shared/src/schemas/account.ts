import { z } from 'zod';
import { limits } from '../limits.js';
import { answers } from '../i18n/catalogues/answers/index.js';
import { tagsOf } from '../i18n/said.js';
import { emailSchema, textSchema } from './common.js';
import { secondFactorKinds } from './factor-kinds.js';
import { sessionUserSchema } from './session.js';

const rules = tagsOf(answers.rules);
const auth = tagsOf(answers.auth);

/**
 * Length rules live with the site (its minimum is a per-site setting), so the
 * body schemas only bound the size; `passwordProblem` applies the site's rule.
 * The operator's CLI checks a typed password with it too.
 */
export const passwordSchema = textSchema({
  trim: false,
  error: rules.requiredField,
})
  .min(1, { error: rules.requiredField })
  .max(limits.passwordMaxLength, {
    error: auth.passwordTooLong({ maxLength: limits.passwordMaxLength }),
  });

const tokenField = textSchema().min(16).max(200);

export const registerBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  /** An anonymously posted ad's edit token: registering attaches that ad. */
  token: textSchema().max(200).optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const verifyEmailBodySchema = z.object({
  email: emailSchema,
  code: z
    .string({ error: auth.verifyCodeFailed })
    .trim()
    .regex(/^\d{6}$/, { error: auth.verifyCodeFailed }),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

export const resendCodeBodySchema = z.object({ email: emailSchema });
export type ResendCodeBody = z.infer<typeof resendCodeBodySchema>;

export const resetPasswordBodySchema = z.object({ email: emailSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const changePasswordBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  /** The `edit` value of the emailed reset link. */
  token: tokenField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const loginResultSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  /** True when the password was right but the email still needs its code. */
  verifyEmail: z.boolean().optional(),
  /**
   * The password was right and the account has a second factor: no session yet, but
   * this one-use token of the second step (POST /api/user/login/second-factor).
   */
  challenge: z.string().optional(),
  /** With a challenge: the kinds of factor the account has, so the step offers the right one. */
  factorKinds: z.array(z.enum(secondFactorKinds)).optional(),
  data: sessionUserSchema.optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const verifyEmailResultSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  user: sessionUserSchema.optional(),
});
export type VerifyEmailResult = z.infer<typeof verifyEmailResultSchema>;

/**
 * `POST /api/user/register`: `{ success: true }` when a code was mailed; with
 * `user` when the account is already verified and signed in (completed
 * registration whose ad's activation link had proved the mailbox).
 */
export const registerResultSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  user: sessionUserSchema.optional(),
});
export type RegisterResult = z.infer<typeof registerResultSchema>;

/** Whether a password is shorter than the site's minimum: characters, not UTF-16 units, as the server counts them. */
export function isPasswordTooShort(password: string, minLength: number): boolean {
  return [...password].length < minLength;
}

/** Client-side register form: the site's minimum length and matching entries. */
export function registerFormProblem(
  form: { email: string; password: string; confirm: string },
  minLength: number,
): string | null {
  const emailOk = emailSchema.safeParse(form.email).success;
  if (!emailOk || isPasswordTooShort(form.password, minLength) || form.password !== form.confirm) {
    return auth.registerInvalid({ minLength });
  }
  return null;
}
