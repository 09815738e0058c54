import {
  accountMessages,
  messages,
  secondFactorLimits,
  secondFactorCodeStepSchema,
  type SessionUser,
} from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorAlert } from '../ui/alert';
import { TextField } from '../ui/text-field';
import { useZodForm } from '../ui/use-zod-form';
import { ApiError, errorMessage } from '../../lib/api';
import { PasskeyPromptError, passkeyApi } from '../../lib/passkey-api';
import { secondFactorApi } from '../../lib/second-factor-api';

const text = accountMessages.twoStep;
const formSchema = secondFactorCodeStepSchema.pick({ code: true, remember: true });

interface SecondStepFormProps {
  /** The password step's answer. */
  challenge: string;
  onSignedIn: (user: SessionUser) => void;
  /** The challenge is gone (expired, used up): back to the password, with why. */
  onRestart: (message: string) => void;
}

/**
 * The sign-in's second step (issue 27): the 6-digit code of the authenticator app, a
 * recovery code or a passkey instead, and "remember this device" (no second step on this browser
 * for secondFactorLimits.rememberDeviceDays).
 */
export function SecondStepForm({ challenge, onSignedIn, onRestart }: SecondStepFormProps) {
  const [recovery, setRecovery] = useState(false);
  const rememberId = useId();
  const form = useZodForm(formSchema, { code: '', remember: false });
  const failed = (fallback: string) => (error: Error) => {
    if (error instanceof ApiError && error.status === 410) {
      onRestart(errorMessage(error, text.challengeGone));
      return;
    }
    if (error instanceof PasskeyPromptError) {
      form.showFormError(accountMessages.passkeys.cancelled);
      return;
    }
    const serverSide = error instanceof ApiError && error.status >= 500;
    form.showServerError(error, serverSide ? messages.http.internalError : fallback);
  };
  const verify = useMutation({
    mutationFn: secondFactorApi.signIn,
    onSuccess: onSignedIn,
    onError: failed(text.codeFailed),
  });
  const withPasskey = useMutation({
    mutationFn: passkeyApi.secondStep,
    onSuccess: onSignedIn,
    onError: failed(accountMessages.passkeys.failed),
  });

  return (
    <form
      className="form"
      onSubmit={form.submit((body) => verify.mutate({ challenge, ...body }))}
      noValidate
    >
      <p>{recovery ? text.signInRecoveryIntro : text.signInIntro}</p>
      <TextField
        key={recovery ? 'recovery' : 'app'}
        label={recovery ? text.recoveryCodeLabel : text.codeLabel}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        spellCheck={false}
        autoCapitalize="none"
        required
        field={form.field('code')}
      />
      <div className="check">
        <input
          id={rememberId}
          type="checkbox"
          className="check__input"
          {...form.register('remember')}
        />
        <label htmlFor={rememberId} className="check__label">
          {text.rememberDevice(secondFactorLimits.rememberDeviceDays)}
        </label>
      </div>
      {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={verify.isPending}
        aria-busy={verify.isPending}
      >
        {text.verify}
      </button>
      <p className="card__links">
        <button
          type="button"
          className="button button--link"
          onClick={() => setRecovery(!recovery)}
        >
          {recovery ? text.useAppCode : text.useRecoveryCode}
        </button>
        {passkeyApi.supported() && (
          <button
            type="button"
            className="button button--link"
            onClick={() =>
              withPasskey.mutate({ challenge, remember: form.getValues('remember') ?? false })
            }
            disabled={withPasskey.isPending}
            aria-busy={withPasskey.isPending}
          >
            {accountMessages.passkeys.useInStep}
          </button>
        )}
      </p>
    </form>
  );
}
