import { paymentMessages, refundAddressBodySchema } from '@adboard/shared';
import { useText, useSay } from '../i18n/language-context';
import { answersText } from '../i18n/areas';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../features/site/site-context';
import { ErrorAlert, StatusNotice } from '../features/ui/alert';
import { ScreenCard } from '../features/ui/screen-card';
import { TextField } from '../features/ui/text-field';
import { useZodForm } from '../features/ui/use-zod-form';
import { paymentApi } from '../lib/payment-api';

/** Where the refund of a rejected paid ad goes: the mailed link's form. */
export default function RefundScreen() {
  const say = useSay();
  const answer = useText(answersText);
  useDocumentTitle(say(paymentMessages.refundTitle));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  return (
    <ScreenCard title={say(paymentMessages.refundTitle)}>
      {token ? (
        <RefundAddressForm token={token} />
      ) : (
        <ErrorAlert>{answer.auth.resetBadLink}</ErrorAlert>
      )}
    </ScreenCard>
  );
}

/** The refund body's address; the token is the mailed link's. */
const addressSchema = refundAddressBodySchema.pick({ address: true });

function RefundAddressForm({ token }: { token: string }) {
  const say = useSay();
  const form = useZodForm(addressSchema, { address: '' });
  const give = useMutation({
    mutationFn: paymentApi.giveRefundAddress,
    // A bad address goes under the field; anything else (a used or unknown link, a
    // rate limit, the network) is the form's problem.
    onError: (error) => form.showServerError(error, say(paymentMessages.refundLinkInvalid)),
  });

  if (give.isSuccess) {
    return <StatusNotice>{say(paymentMessages.refundAddressSaved)}</StatusNotice>;
  }

  return (
    <form
      className="form"
      onSubmit={form.submit(({ address }) => give.mutate({ token, address }))}
      noValidate
    >
      <TextField
        label={say(paymentMessages.refundAddressLabel)}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        required
        field={form.field('address')}
      />
      {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={give.isPending}
        aria-busy={give.isPending}
      >
        {say(paymentMessages.refundSubmit)}
      </button>
    </form>
  );
}
