import { adToolLimits, visitsBodySchema, type AdListRow, type PlannedVisit } from '@adboard/shared';
import { adToolsText } from '../../i18n/areas';
import { useSay, useText } from '../../i18n/language-context';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useFieldArray } from 'react-hook-form';
import toast from 'react-hot-toast';
import { adApi } from '../../lib/ad-api';
import { ErrorAlert } from '../ui/alert';
import { Dialog, DialogActions } from '../ui/dialog';
import { LoadFailed } from '../ui/load-failed';
import { SelectField, type SelectOption } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { useZodForm } from '../ui/use-zod-form';
import { useCities } from '../wizard/use-locations';

/** The query of an ad's visits not over yet (GET /api/post/{id}/visits). */
const visitsKey = (postId: string) => ['visits', postId] as const;

/**
 * Visits to other cities (issue 29): the ad's planned visits as a form of up to
 * `visitsMax` rows (a city of the ad's country, its first and last day), saved whole
 * with PUT /api/post/{id}/visits. The form waits for the visits and the cities, so
 * each row's select starts on its city.
 */
export function VisitsDialog({ ad, onClose }: { ad: AdListRow; onClose: () => void }) {
  const visits = useQuery({
    queryKey: visitsKey(ad.postId),
    queryFn: () => adApi.getVisits(ad.postId),
  });
  const cities = useCities(ad.country);
  const m = useText(adToolsText).visits;
  const failed = visits.isError ? visits : cities.isError ? cities : null;
  const options: SelectOption[] = (cities.data ?? [])
    .filter((city) => city.city !== ad.city)
    .map((city) => ({ value: city.city, label: city.city_full }));
  return (
    <Dialog
      title={m.title}
      description={m.body({
        maxVisits: adToolLimits.visitsMax,
        maxDays: adToolLimits.visitDaysMax,
      })}
      onClose={onClose}
    >
      {visits.data && cities.data ? (
        <VisitsForm ad={ad} planned={visits.data} cities={options} onClose={onClose} />
      ) : (
        <>
          {failed ? <LoadFailed query={failed} /> : <p role="status">{m.loading}</p>}
          <DialogActions>
            <button type="button" className="button button--secondary" onClick={onClose}>
              {m.cancel}
            </button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function VisitsForm({
  ad,
  planned,
  cities,
  onClose,
}: {
  ad: AdListRow;
  planned: PlannedVisit[];
  cities: SelectOption[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const m = useText(adToolsText).visits;
  const say = useSay();
  const form = useZodForm(visitsBodySchema, {
    visits: planned.map(({ city, from, to }) => ({ city, from, to })),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'visits' });
  const busy = form.formState.isSubmitting;
  const rowsRef = useRef<HTMLDivElement>(null);
  // The form replaces the loading line: the focus goes to its first control.
  useEffect(() => {
    rowsRef.current?.querySelector<HTMLElement>('select, input, button')?.focus();
  }, []);

  const send = form.submit(async (body) => {
    try {
      const saved = await adApi.putVisits(ad.postId, body);
      queryClient.setQueryData(visitsKey(ad.postId), saved);
      toast.success(m.saved);
      onClose();
    } catch (error) {
      form.showServerError(error, m.refused);
    }
  });
  const rootError = form.formState.errors.visits?.root?.message;
  const listError = rootError === undefined ? form.formError : say(rootError);

  return (
    <form className="form" onSubmit={send} noValidate>
      <div className="visit-rows" ref={rowsRef}>
        {fields.length === 0 && <p className="visit-rows__none">{m.none}</p>}
        {fields.map((row, index) => (
          <fieldset key={row.id} className="visit-row">
            <legend>{m.row({ n: index + 1 })}</legend>
            <SelectField
              label={m.cityLabel}
              options={cities}
              emptyLabel={m.cityEmpty}
              field={form.field(`visits.${index}.city`)}
            />
            <div className="visit-row__days">
              <TextField
                type="date"
                label={m.fromLabel}
                field={form.field(`visits.${index}.from`)}
              />
              <TextField type="date" label={m.toLabel} field={form.field(`visits.${index}.to`)} />
            </div>
            <button
              type="button"
              className="button button--secondary visit-row__remove"
              onClick={() => remove(index)}
              disabled={busy}
              aria-label={`${m.remove}: ${m.row({ n: index + 1 })}`}
            >
              {m.remove}
            </button>
          </fieldset>
        ))}
        {fields.length < adToolLimits.visitsMax && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => append({ city: '', from: '', to: '' })}
            disabled={busy}
          >
            {m.add}
          </button>
        )}
      </div>
      {listError && <ErrorAlert>{listError}</ErrorAlert>}
      <DialogActions>
        <button
          type="button"
          className="button button--secondary"
          onClick={onClose}
          disabled={busy}
        >
          {m.cancel}
        </button>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {m.save}
        </button>
      </DialogActions>
    </form>
  );
}
