import { messages, paymentMessages, refundAddressBodySchema } from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../features/site/site-context';
import { ErrorAlert, StatusNotice } from '../features/ui/alert';
import { ScreenCard } from '../features/ui/screen-card';
import { TextField } from '../features/ui/text-field';
import { ApiError, errorMessage } from '../lib/api';
import { paymentApi } from '../lib/payment-api';

/** Where the refund of a rejected paid ad goes: the mailed link's form. */
export default function RefundScreen() {
  useDocumentTitle(paymentMessages.refundTitle);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  return (
    <ScreenCard title={paymentMessages.refundTitle}>
      {token ? (
        <RefundAddressForm token={token} />
      ) : (
        <ErrorAlert>{messages.auth.resetBadLink}</ErrorAlert>
      )}
    </ScreenCard>
  );
}

interface Problems {
  /** Under the address field. */
  address?: string | undefined;
  /** The whole form: a used or unknown link, a rate limit, the network. */
  form?: string | undefined;
}

/** A bad address goes under the field; anything else is the link's or the call's problem. */
function problemsOf(error: unknown): Problems {
  const address = error instanceof ApiError ? error.fields.address : undefined;
  if (address) return { address };
  return { form: errorMessage(error, paymentMessages.refundLinkInvalid) };
}

function RefundAddressForm({ token }: { token: string }) {
  const [address, setAddress] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  const give = useMutation({
    mutationFn: paymentApi.giveRefundAddress,
    onSuccess: () => setProblems({}),
    onError: (error) => setProblems(problemsOf(error)),
  });

  if (give.isSuccess) {
    return <StatusNotice>{paymentMessages.refundAddressSaved}</StatusNotice>;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = refundAddressBodySchema.safeParse({ token, address });
    if (!parsed.success) {
      const badAddress = parsed.error.issues.some((issue) => issue.path[0] === 'address');
      setProblems(
        badAddress
          ? { address: paymentMessages.refundAddressInvalid }
          : { form: paymentMessages.refundLinkInvalid },
      );
      return;
    }
    setProblems({});
    give.mutate(parsed.data);
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField
        label={paymentMessages.refundAddressLabel}
        name="address"
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        required
        value={address}
        onValueChange={setAddress}
        error={problems.address}
      />
      {problems.form && <ErrorAlert>{problems.form}</ErrorAlert>}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={give.isPending}
        aria-busy={give.isPending}
      >
        {paymentMessages.refundSubmit}
      </button>
    </form>
  );
}
