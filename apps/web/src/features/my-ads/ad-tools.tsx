import {
  adToolLimits,
  adToolMessages,
  availableBodySchema,
  availableHourChoices,
  sayTag,
  type AdListRow,
  type Said,
} from '@adboard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { useLanguage, useSay } from '../../i18n/language-context';
import { errorMessage } from '../../lib/api';
import { adApi } from '../../lib/ad-api';
import { dateFormat } from '../../lib/date-format';
import { ErrorAlert } from '../ui/alert';
import { Dialog, DialogActions } from '../ui/dialog';
import { useZodForm } from '../ui/use-zod-form';
import { VisitsDialog } from './visits-dialog';
import './ad-tools.css';

const m = adToolMessages;
const endTime = dateFormat({ hour: 'numeric', minute: '2-digit' });
const startDay = dateFormat({ dateStyle: 'medium', timeZone: 'UTC' });

/** What the ad's tools say on its card: available until, paused, or its start date. */
export function AdToolsNotes({ ad }: { ad: AdListRow }) {
  const { tools } = ad;
  const say = useSay();
  const { language } = useLanguage();
  const notes = [
    tools.availableUntil
      ? m.available.until({ time: endTime(new Date(tools.availableUntil), language) })
      : null,
    ad.status === 'paused' ? m.pause.heldNote : null,
    ad.status === 'scheduled' && tools.startsOn
      ? m.startsOn.scheduledFor({
          date: startDay(new Date(`${tools.startsOn}T00:00:00Z`), language),
        })
      : null,
  ]
    .filter((note): note is Said => note !== null)
    .map(say);
  if (notes.length === 0) return null;
  return (
    <>
      {notes.map((note) => (
        <span key={note} className="post-card__note">
          {note}
        </span>
      ))}
    </>
  );
}

type ToolCall = 'pause' | 'resume' | 'end';
const calls: Record<ToolCall, (id: string) => Promise<unknown>> = {
  pause: (id) => adApi.pauseAd(id),
  resume: (id) => adApi.resumeAd(id),
  end: (id) => adApi.endAvailable(id),
};
const done: Record<ToolCall, Said> = {
  pause: m.pause.paused,
  resume: m.pause.resumed,
  end: m.available.ended,
};

/**
 * The owner's tools on a My Posts card (issue 29), as the lifecycle table allows them
 * now (`tools` of the row): Pause or Resume, Available now (a dialog for how long)
 * or its end, and Visits to other cities (a dialog of the planned visits).
 */
export function AdToolsButtons({
  ad,
  titleId,
  disabled,
}: {
  ad: AdListRow;
  titleId: string;
  disabled: boolean;
}) {
  const queryClient = useQueryClient();
  const say = useSay();
  const [open, setOpen] = useState<'available' | 'visits' | null>(null);
  const close = () => setOpen(null);
  const tool = useMutation({
    mutationFn: (which: ToolCall) => calls[which](ad.postId),
    onSuccess: (_result, which) => toast.success(say(done[which])),
    onError: (error) => toast.error(errorMessage(error, say(m.refused.pause))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['posts'] }),
  });
  const { tools } = ad;
  const busy = disabled || tool.isPending;
  /** A tool's button: it makes a call, or opens a dialog. */
  const button = (label: Said, onClick: () => void) => (
    <button
      type="button"
      className="button button--secondary"
      onClick={onClick}
      disabled={busy}
      aria-describedby={titleId}
    >
      {say(label)}
    </button>
  );
  const callButton = (which: ToolCall, label: Said) => button(label, () => tool.mutate(which));
  return (
    <>
      {tools.availableStartable &&
        !tools.availableUntil &&
        button(m.available.button, () => setOpen('available'))}
      {tools.availableUntil && callButton('end', m.available.endButton)}
      {tools.pausable && callButton('pause', m.pause.button)}
      {tools.resumable && callButton('resume', m.pause.resumeButton)}
      {tools.visitsPlannable && button(m.visits.button, () => setOpen('visits'))}
      {open === 'available' && <AvailableDialog ad={ad} onClose={close} />}
      {open === 'visits' && <VisitsDialog ad={ad} onClose={close} />}
    </>
  );
}

/** The dialog's form: one of the offered durations, sent as the call's body. */
const availableFormSchema = z.object({
  hours: z.enum(availableHourChoices.map(String) as [string, ...string[]], {
    error: sayTag(m.available.duration({ maxHours: adToolLimits.availableHoursMax })),
  }),
});

/** How long 'Available now' lasts: the offered durations, the starts left, Start and Cancel. */
function AvailableDialog({ ad, onClose }: { ad: AdListRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const say = useSay();
  const form = useZodForm(availableFormSchema, { hours: String(availableHourChoices[1]) });
  const busy = form.formState.isSubmitting;
  const send = form.submit(async ({ hours }) => {
    const body = availableBodySchema.parse({ duration_hours: Number(hours) });
    try {
      await adApi.startAvailable(ad.postId, body.duration_hours);
      await queryClient.invalidateQueries({ queryKey: ['posts'] });
      toast.success(say(m.available.started));
      onClose();
    } catch (error) {
      form.showServerError(
        error,
        say(
          m.available.tooOften({
            maxStarts: adToolLimits.availableStartsPerDay,
            windowHours: adToolLimits.availableWindowHours,
          }),
        ),
      );
    }
  });
  const hours = form.field('hours');
  return (
    <Dialog
      title={say(m.available.title)}
      description={say(m.available.body)}
      onClose={onClose}
      busy={busy}
    >
      <form className="form" onSubmit={send} noValidate>
        <fieldset className="available-choices">
          <legend>{say(m.available.durationLabel)}</legend>
          {availableHourChoices.map((n) => (
            <label key={n} className="available-choices__option">
              <input type="radio" value={String(n)} {...hours.registration} />
              {say(m.available.hours({ n }))}
            </label>
          ))}
        </fieldset>
        <p className="available-choices__left">
          {say(
            m.available.startsLeft({
              left: ad.tools.availableStartsLeft,
              max: adToolLimits.availableStartsPerDay,
              windowHours: adToolLimits.availableWindowHours,
            }),
          )}
        </p>
        {(hours.error ?? form.formError) && (
          <ErrorAlert>{hours.error ?? form.formError}</ErrorAlert>
        )}
        <DialogActions>
          <button
            type="button"
            className="button button--secondary"
            onClick={onClose}
            disabled={busy}
          >
            {say(m.available.cancel)}
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {say(m.available.start)}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
