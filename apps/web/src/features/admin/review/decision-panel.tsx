import {
  consoleMessages,
  rejectBodySchema,
  rejectionReasons,
  type AdReview,
  type RejectBody,
} from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { adminApi } from '../../../lib/admin-api';
import { ErrorAlert, StatusNotice } from '../../ui/alert';
import { SelectField } from '../../ui/select-field';
import { TextAreaField } from '../../ui/text-area-field';
import { useZodForm } from '../../ui/use-zod-form';
import { useQueuePath } from '../queue-path';
import { useRefreshConsole } from '../use-admin-query';

const text = consoleMessages.review;
const reasonOptions = rejectionReasons.map((reason) => ({
  value: reason.code,
  label: reason.label,
}));

/** The reject body with its reason from the list required: the advertiser reads it with the text. */
const rejectFormSchema = rejectBodySchema.required({ code: true });

/** Approve, or reject with a listed reason and a message; then a toast and back to the queue. */
export function DecisionPanel({ ad }: { ad: AdReview }) {
  const refresh = useRefreshConsole();
  const navigate = useNavigate();
  const queuePath = useQueuePath();
  // The code starts unset: the select shows its empty choice.
  const form = useZodForm(rejectFormSchema, { reason: '' });

  const done = (message: string) => {
    toast.success(message);
    navigate(queuePath);
    // The queue, counts and this ad all changed; they load again as they are shown.
    void refresh();
  };
  const approve = useMutation({
    mutationFn: () => adminApi.approve(ad.postId),
    onSuccess: () => done(text.approved(ad.postId)),
    onError: (error) => form.showFormError(errorMessage(error, text.decisionFailed)),
  });
  const reject = useMutation({
    mutationFn: (body: RejectBody) => adminApi.reject(ad.postId, body),
    onSuccess: (result) => done(text.rejected(ad.postId, result.refunds ?? 0)),
    onError: (error) => form.showServerError(error, text.decisionFailed),
  });
  const busy = approve.isPending || reject.isPending;

  // The server's lifecycle says what may be decided (an edit of a live ad, or the ad).
  const canApprove = ad.decisions.approvable;
  const canReject = ad.decisions.rejectable;
  if (!canApprove && !canReject) return <StatusNotice>{text.cannotDecide}</StatusNotice>;

  return (
    <div className="decision">
      {canApprove && (
        <p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              form.clearErrors();
              approve.mutate();
            }}
            disabled={busy}
            aria-busy={approve.isPending}
          >
            {text.approve}
          </button>
        </p>
      )}
      {canReject && (
        <form
          className="form decision__reject"
          onSubmit={form.submit((body) => reject.mutate(body))}
          noValidate
        >
          <SelectField
            label={text.rejectReasonCode}
            options={reasonOptions}
            emptyLabel={text.rejectReasonChoose}
            field={form.field('code')}
            required
          />
          <TextAreaField
            label={text.rejectReasonText}
            hint={text.rejectReasonHint}
            field={form.field('reason')}
            rows={4}
            maxLength={2000}
            required
          />
          <button
            type="submit"
            className="button button--danger"
            disabled={busy}
            aria-busy={reject.isPending}
          >
            {text.reject}
          </button>
        </form>
      )}
      {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
    </div>
  );
}
