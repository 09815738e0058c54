import {
  consoleMessages,
  moderationMessages,
  rejectBodySchema,
  rejectionCodes,
  rejectionReasons,
  type AdReview,
  type RejectBody,
  type RejectionCode,
} from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { adminApi } from '../../../lib/admin-api';
import { ErrorAlert, StatusNotice } from '../../ui/alert';
import { SelectField } from '../../ui/select-field';
import { useQueuePath } from '../queue-path';
import { TextAreaField } from '../../ui/text-area-field';
import { useRefreshConsole } from '../use-admin-query';

const text = consoleMessages.review;
const reasonOptions = rejectionReasons.map((reason) => ({
  value: reason.code,
  label: reason.label,
}));

function isRejectionCode(value: string): value is RejectionCode {
  return (rejectionCodes as readonly string[]).includes(value);
}

interface Problems {
  code?: string | undefined;
  reason?: string | undefined;
  form?: string | undefined;
}

/** Approve, or reject with a listed reason and a message; then a toast and back to the queue. */
export function DecisionPanel({ ad }: { ad: AdReview }) {
  const refresh = useRefreshConsole();
  const navigate = useNavigate();
  const queuePath = useQueuePath();
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  const done = (message: string) => {
    toast.success(message);
    navigate(queuePath);
    // The queue, counts and this ad all changed; they load again as they are shown.
    void refresh();
  };
  const approve = useMutation({
    mutationFn: () => adminApi.approve(ad.postId),
    onSuccess: () => done(text.approved(ad.postId)),
    onError: (error) => setProblems({ form: errorMessage(error, text.decisionFailed) }),
  });
  const reject = useMutation({
    mutationFn: (body: RejectBody) => adminApi.reject(ad.postId, body),
    onSuccess: (result) => done(text.rejected(ad.postId, result.refunds ?? 0)),
    onError: (error) => setProblems({ form: errorMessage(error, text.decisionFailed) }),
  });
  const busy = approve.isPending || reject.isPending;

  // The server's lifecycle says what may be decided (an edit of a live ad, or the ad).
  const canApprove = ad.decisions.approvable;
  const canReject = ad.decisions.rejectable;
  if (!canApprove && !canReject) return <StatusNotice>{text.cannotDecide}</StatusNotice>;

  const onReject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = rejectBodySchema.safeParse({ code: code || undefined, reason });
    const next: Problems = {};
    // The list is required here: the advertiser reads the listed reason with the text.
    if (!isRejectionCode(code)) next.code = moderationMessages.reasonCodeUnknown;
    if (!parsed.success) {
      next.reason =
        parsed.error.issues.find((issue) => issue.path[0] === 'reason')?.message ??
        moderationMessages.reasonRequired;
    }
    setProblems(next);
    if (next.code || next.reason || !parsed.success) return;
    reject.mutate(parsed.data);
  };

  return (
    <div className="decision">
      {canApprove && (
        <p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setProblems({});
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
        <form className="form decision__reject" onSubmit={onReject} noValidate>
          <SelectField
            label={text.rejectReasonCode}
            name="code"
            value={code}
            options={reasonOptions}
            emptyLabel={text.rejectReasonChoose}
            onValueChange={setCode}
            error={problems.code}
            required
          />
          <TextAreaField
            label={text.rejectReasonText}
            hint={text.rejectReasonHint}
            name="reason"
            value={reason}
            onValueChange={setReason}
            error={problems.reason}
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
      {problems.form && <ErrorAlert>{problems.form}</ErrorAlert>}
    </div>
  );
}
