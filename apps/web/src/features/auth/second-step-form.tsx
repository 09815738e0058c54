import {
  secondFactorLimits,
  secondFactorCodeStepSchema,
  secondStepMessages,
  type SecondFactorKind,
  type SessionUser,
  type Said,
} from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useText, useSay } from '../../i18n/language-context';
import { answersText } from '../../i18n/areas';
import { useId, useState } from 'react';
import { ErrorAlert } from '../ui/alert';
import { TextField } from '../ui/text-field';
import { useZodForm } from '../ui/use-zod-form';
import { ApiError, errorMessage } from '../../lib/api';
import { passkeyApi } from '../../lib/passkey-api';
import { PasskeyPromptError, passkeysSupported } from '../../lib/passkey-support';
import { secondFactorApi } from '../../lib/second-factor-api';

/** Its own area (loaded with this form, routes/login.tsx), not the account page's. */
const text = secondStepMessages.twoStep;
const passkeys = secondStepMessages.passkeys;
const formSchema = secondFactorCodeStepSchema.pick({ code: true, remember: true });

/** What the step asks for: the app's code, a recovery code, or a passkey. */
type Mode = 'app' | 'recovery' | 'passkey';

const introOf: Record<Mode, Said> = {
  app: text.signInIntro,
  recovery: text.signInRecoveryIntro,
  passkey: passkeys.signInStepIntro,
};

interface SecondStepFormProps {
  /** The password step's answer. */
  challenge: string;
  /** The kinds of factor the account has (the password step said): the first asked. */
  factorKinds: readonly SecondFactorKind[];
  onSignedIn: (user: SessionUser) => void;
  /** The challenge is gone (expired, used up): back to the password, with why. */
  onRestart: (message: string) => void;
}

/**
 * The sign-in's second step (issue 27): the 6-digit code of the authenticator app, a
 * recovery code or a passkey instead, and "remember this device" (no second step on this browser
 * for secondFactorLimits.rememberDeviceDays).
 */
export function SecondStepForm({
  challenge,
  factorKinds,
  onSignedIn,
  onRestart,
}: SecondStepFormProps) {
  const say = useSay();
  const answer = useText(answersText);
  const hasApp = factorKinds.includes('totp');
  const hasPasskey = factorKinds.includes('passkey') && passkeysSupported();
  const [mode, setMode] = useState<Mode>(hasApp || !hasPasskey ? 'app' : 'passkey');
  const rememberId = useId();
  const form = useZodForm(formSchema, { code: '', remember: false });
  const failed = (fallback: string) => (error: Error) => {
    if (error instanceof ApiError && error.status === 410) {
      onRestart(errorMessage(error, say(text.challengeGone)));
      return;
    }
    if (error instanceof PasskeyPromptError) {
      form.showFormError(answer.auth.passkeyCancelled);
      return;
    }
    const serverSide = error instanceof ApiError && error.status >= 500;
    form.showServerError(error, serverSide ? answer.http.internalError : fallback);
  };
  const verify = useMutation({
    mutationFn: secondFactorApi.signIn,
    onSuccess: onSignedIn,
    onError: failed(say(text.codeFailed)),
  });
  const withPasskey = useMutation({
    mutationFn: passkeyApi.secondStep,
    onSuccess: onSignedIn,
    onError: failed(answer.auth.passkeyFailed),
  });
  const answerWithPasskey = () =>
    withPasskey.mutate({ challenge, remember: form.getValues('remember') ?? false });
  const switchTo = (next: Mode) => {
    form.clearErrors();
    setMode(next);
  };

  return (
    <form
      className="form"
      onSubmit={
        mode === 'passkey'
          ? (event) => {
              event.preventDefault();
              answerWithPasskey();
            }
          : form.submit((body) => verify.mutate({ challenge, ...body }))
      }
      noValidate
    >
      <p>{say(introOf[mode])}</p>
      {mode !== 'passkey' && (
        <TextField
          key={mode}
          label={mode === 'recovery' ? say(text.recoveryCodeLabel) : say(text.codeLabel)}
          autoComplete="one-time-code"
          inputMode={mode === 'recovery' ? 'text' : 'numeric'}
          spellCheck={false}
          autoCapitalize="none"
          required
          field={form.field('code')}
        />
      )}
      <div className="check">
        <input
          id={rememberId}
          type="checkbox"
          className="check__input"
          {...form.register('remember')}
        />
        <label htmlFor={rememberId} className="check__label">
          {say(text.rememberDevice({ days: secondFactorLimits.rememberDeviceDays }))}
        </label>
      </div>
      {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
      {mode === 'passkey' ? (
        <button
          type="button"
          className="button button--primary button--block"
          onClick={answerWithPasskey}
          disabled={withPasskey.isPending}
          aria-busy={withPasskey.isPending}
        >
          {say(passkeys.usePasskey)}
        </button>
      ) : (
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={verify.isPending}
          aria-busy={verify.isPending}
        >
          {say(text.verify)}
        </button>
      )}
      <p className="card__links">
        {mode !== 'recovery' && (
          <button
            type="button"
            className="button button--link"
            onClick={() => switchTo('recovery')}
          >
            {say(text.useRecoveryCode)}
          </button>
        )}
        {mode !== 'app' && hasApp && (
          <button type="button" className="button button--link" onClick={() => switchTo('app')}>
            {say(text.useAppCode)}
          </button>
        )}
        {mode !== 'passkey' && hasPasskey && (
          <button type="button" className="button button--link" onClick={() => switchTo('passkey')}>
            {say(passkeys.useInStep)}
          </button>
        )}
      </p>
    </form>
  );
}
