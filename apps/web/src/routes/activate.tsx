import { verifyPhoneCodeBodySchema, waitWith } from '@adboard/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import { useDocumentTitle } from '../features/site/site-context';
import { ErrorAlert, StatusNotice } from '../features/ui/alert';
import { ScreenCard } from '../features/ui/screen-card';
import { Spinner } from '../features/ui/spinner';
import { TextField } from '../features/ui/text-field';
import { useZodForm } from '../features/ui/use-zod-form';
import { ApiError, errorMessage } from '../lib/api';
import { adApi } from '../lib/ad-api';
import './activate.css';
import { appScreensText, frameText, answersText, adsText, durationsText } from '../i18n/areas';
import { useText } from '../i18n/language-context';

/** Each step runs once per page: never again on focus, reconnect or remount. */
const once = {
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

/**
 * /activate?email=&token=&id=: the emailed activation link of an ad. Verifies the
 * email, then sends the SMS code once when the ad has a phone, then takes the code
 * (SPEC.md sections 2 and 4). 'Resend code' texts a new one, as often as the
 * server's limits allow: the button counts down the server's wait.
 */
export default function ActivateScreen() {
  const adsWords = useText(adsText);
  const screenText = useText(appScreensText);
  useDocumentTitle(screenText.activate.title);
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  const id = params.get('id')?.trim() ?? '';

  return (
    <ScreenCard title={screenText.activate.title}>
      {email && token && id ? (
        <Activation email={email} token={token} id={id} />
      ) : (
        <ErrorAlert>{adsWords.verification.emailFailed}</ErrorAlert>
      )}
    </ScreenCard>
  );
}

function Activation({ email, token, id }: { email: string; token: string; id: string }) {
  const adsWords = useText(adsText);
  const screenText = useText(appScreensText);
  const emailCheck = useQuery({
    queryKey: ['activate', 'email', id, email, token],
    queryFn: () => adApi.verifyAdEmail({ email, token, id }),
    ...once,
  });
  const verifiedBefore = emailCheck.data?.verified_phone === true;
  const phoneKnown = emailCheck.data?.phoneKnown === true && !verifiedBefore;

  const sms = useQuery({
    queryKey: ['activate', 'phone', id, token],
    queryFn: async () => {
      try {
        return await adApi.verifyPhone({ id, token });
      } catch (error) {
        // SPEC.md section 8: verification failures are only logged.
        console.warn('Could not send the SMS code', error);
        throw error;
      }
    },
    enabled: phoneKnown,
    ...once,
  });

  if (emailCheck.isPending) return <Spinner label={screenText.activate.verifyingEmail} />;
  if (emailCheck.isError) return <ErrorAlert>{adsWords.verification.emailFailed}</ErrorAlert>;

  return (
    <div className="activation">
      <StatusNotice>{adsWords.verification.emailVerified}</StatusNotice>
      {(verifiedBefore || sms.data?.verified_phone === true) && <Completed />}
      {phoneKnown &&
        sms.data?.verified_phone !== true &&
        (sms.isPending ? (
          <Spinner label={screenText.activate.sendingSms} />
        ) : (
          <PhoneCode
            id={id}
            token={token}
            smsSent={sms.isSuccess}
            resendInSeconds={sms.isSuccess ? (sms.data.resendInSeconds ?? 0) : limitWait(sms.error)}
          />
        ))}
    </div>
  );
}

function Completed() {
  const adsWords = useText(adsText);
  const { loggedIn } = useAuth();
  const frame = useText(frameText);
  return (
    <>
      <StatusNotice>{adsWords.verification.complete}</StatusNotice>
      {loggedIn && (
        <p className="card__actions">
          <Link className="button button--primary" to="/posts">
            {frame.myPosts}
          </Link>
        </p>
      )}
    </>
  );
}

/**
 * Seconds left until `until` (a time in ms), ticking every second while there are
 * some; 0 once it has passed.
 */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (left === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return left;
}

/** The code form: the shared body's code rule (six digits). */
const codeFormSchema = verifyPhoneCodeBodySchema.pick({ code: true });

/** The wait a limit's 429 asks for, in seconds; 0 for any other failure. */
function limitWait(error: unknown): number {
  return error instanceof ApiError && error.status === 429 ? (error.retryAfterSeconds ?? 0) : 0;
}

function PhoneCode({
  id,
  token,
  smsSent,
  resendInSeconds,
}: {
  id: string;
  token: string;
  smsSent: boolean;
  /** The server's wait before 'Resend code' may text again (its gap, or a limit's). */
  resendInSeconds: number;
}) {
  const adsWords = useText(adsText);
  const durationWords = useText(durationsText);
  const answer = useText(answersText);
  const screenText = useText(appScreensText);
  const form = useZodForm(codeFormSchema, { code: '' });
  // 'Resend code' waits as long as the server says: after each text, or after a limit's 429.
  const [resendAt, setResendAt] = useState(() => Date.now() + resendInSeconds * 1000);
  const resendWait = useSecondsLeft(resendAt);
  const [resendNote, setResendNote] = useState<string | null>(null);
  const [resendProblem, setResendProblem] = useState<{ text: string; limit: boolean } | null>(null);
  // A limit's message holds while its wait runs: it goes when the button is back.
  const shownResendProblem =
    resendProblem && !(resendProblem.limit && resendWait === 0) ? resendProblem.text : null;

  const resend = useMutation({
    mutationFn: () => adApi.verifyPhone({ id, token, resend: true }),
    onSuccess: (result) => {
      setResendProblem(null);
      setResendNote(
        result.codeValidMinutes === undefined
          ? adsWords.verification.smsSent
          : adsWords.verification.smsResent({ ttlMinutes: result.codeValidMinutes }),
      );
      setResendAt(Date.now() + (result.resendInSeconds ?? 0) * 1000);
    },
    onError: (error) => {
      setResendNote(null);
      // A limit's refusal says how long to wait; the button counts it down.
      const limit = error instanceof ApiError && error.status === 429;
      if (limit) setResendAt(Date.now() + limitWait(error) * 1000);
      setResendProblem({
        text: errorMessage(error, answer.http.internalError),
        limit,
      });
    },
  });

  const validate = useMutation({
    mutationFn: adApi.verifyPhoneCode,
    // The server's refusal (a wrong or expired code) shows under the field.
    onError: (error) =>
      form.setError('code', {
        type: 'server',
        message: errorMessage(error, adsWords.verification.smsCodeFailed),
      }),
  });

  if (validate.isSuccess) return <Completed />;

  const onSubmit = form.submit(({ code }) => validate.mutate({ id, code, token }));

  return (
    <>
      {smsSent && <p>{adsWords.verification.smsSent}</p>}
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={screenText.activate.smsCode}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          className="field__input--code"
          field={form.field('code', {
            // Digits only: anything else typed or pasted is dropped.
            onChange: (event: { target: { value: string } }) => {
              const digits = event.target.value.replace(/\D/g, '');
              if (digits !== event.target.value) form.setValue('code', digits);
            },
          })}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={validate.isPending}
          aria-busy={validate.isPending}
        >
          {screenText.activate.verifyPhone}
        </button>
      </form>
      <div className="card__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={resendWait > 0 || resend.isPending}
          aria-busy={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resendWait > 0
            ? adsWords.verification.resendCodeIn({ wait: waitWith(resendWait, durationWords) })
            : adsWords.verification.resendCode}
        </button>
      </div>
      {resendNote && <StatusNotice>{resendNote}</StatusNotice>}
      {shownResendProblem && <ErrorAlert>{shownResendProblem}</ErrorAlert>}
    </>
  );
}
