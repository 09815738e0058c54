import { adRateLimits, rateDurations, ratePlaces, weekDays, type WeekDay } from '@adboard/shared';
import { useId } from 'react';
import { useFieldArray, useFormState, useWatch, type FieldPath } from 'react-hook-form';
import { adOptionsText, adsText } from '../../i18n/areas';
import { useSay, useText } from '../../i18n/language-context';
import { FieldFrame, FieldMessages } from '../ui/field-frame';
import type { ZodForm } from '../ui/use-zod-form';
import {
  dayKinds,
  newRateRow,
  rateRowProblemKey,
  type AdFormInput,
  type AdFormSchema,
} from './ad-form-model';
import './rates-hours-fields.css';

/*
 * The ad form's rates table and weekly hours (issue 29), two optional sections of the
 * ad form's react-hook-form form. Their rules are the shared ones (ad-form-model.ts);
 * like the other fields, a control is checked when it is left, and as it changes once
 * it shows a problem. A pair of duration and place given twice shows as it is chosen.
 */

type AdForm = ZodForm<AdFormSchema>;
type FormPath = FieldPath<AdFormInput>;

/** The rates' and hours' words in the app's language (the ad-options area, as the ad page's lists). */
function useRateWords() {
  return useText(adOptionsText).rates;
}

/** Ids joined for aria-describedby, or undefined when there are none. */
/** A rule's message said in the app's language (the schemas name their texts), if any. */
function saidOr(say: (text: string) => string, message: string | undefined): string | undefined {
  return message === undefined ? undefined : say(message);
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

interface Option {
  value: string;
  label: string;
}

function Options({ options }: { options: readonly Option[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/** The rates table: rows of duration, place and amount; rows added and removed. */
export function RatesFields({ form, currency }: { form: AdForm; currency: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const { control, getValues, getFieldState, trigger } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'rates' });
  const rows = useWatch({ control, name: 'rates' });
  const { errors } = useFormState({ control, name: 'rates' });
  const m = useText(adsText).rates;
  const w = useRateWords();
  const durationOptions = rateDurations.map((duration) => ({
    value: duration,
    label: w.durations[duration],
  }));
  const placeOptions = ratePlaces.map((place) => ({ value: place, label: w.places[place] }));
  const say = useSay();
  const tableError = saidOr(say, errors.rates?.root?.message ?? errors.rates?.message);
  const full = fields.length >= adRateLimits.ratesMax;

  const pairPath = (index: number): FormPath => `rates.${index}.${rateRowProblemKey}`;
  const amountPath = (index: number): FormPath => `rates.${index}.amount`;
  /** Every row's pair problem, asked again: a pair given twice shows (and goes) at once. */
  const checkPairs = () => {
    const count = getValues('rates').length;
    if (count > 0) {
      void trigger(Array.from({ length: count }, (_, index) => pairPath(index)));
    }
  };

  return (
    <fieldset className="field field--group rates-field" aria-describedby={describedBy(hintId)}>
      <legend className="field__label">{w.ratesLabel}</legend>
      <p className="field__hint" id={hintId}>
        {m.ratesHint}
      </p>
      {fields.length > 0 && (
        <ul className="rate-rows">
          {fields.map((row, index) => {
            const rowErrorId = `${id}-${row.id}-error`;
            const rowErrors = errors.rates?.[index];
            const pairError = saidOr(say, rowErrors?.[rateRowProblemKey]?.message);
            const amountError = saidOr(say, rowErrors?.amount?.message);
            const current = rows[index] ?? row;
            const pairInvalid = pairError ? true : undefined;
            return (
              <li key={row.id} className="rate-row">
                <div
                  className="rate-row__controls"
                  role="group"
                  aria-label={`${w.durations[current.duration]}, ${w.places[current.place]}`}
                >
                  <FieldFrame label={w.durationLabel}>
                    {(frame) => (
                      <select
                        {...form.register(`rates.${index}.duration`, { onChange: checkPairs })}
                        {...frame}
                        aria-invalid={pairInvalid}
                        aria-describedby={describedBy(pairError && rowErrorId)}
                        className="field__input field__select"
                      >
                        <Options options={durationOptions} />
                      </select>
                    )}
                  </FieldFrame>
                  <FieldFrame label={m.placeLabel}>
                    {(frame) => (
                      <select
                        {...form.register(`rates.${index}.place`, { onChange: checkPairs })}
                        {...frame}
                        aria-invalid={pairInvalid}
                        aria-describedby={describedBy(pairError && rowErrorId)}
                        className="field__input field__select"
                      >
                        <Options options={placeOptions} />
                      </select>
                    )}
                  </FieldFrame>
                  <FieldFrame label={m.amountLabel({ currency })} error={amountError}>
                    {(frame) => (
                      <input
                        {...form.register(amountPath(index), {
                          onBlur: () => void trigger(amountPath(index)),
                          onChange: () => {
                            if (getFieldState(amountPath(index)).error) {
                              void trigger(amountPath(index));
                            }
                          },
                        })}
                        {...frame}
                        type="text"
                        inputMode="decimal"
                        autoComplete="off"
                        className="field__input rate-row__amount"
                      />
                    )}
                  </FieldFrame>
                  <button
                    type="button"
                    className="button button--secondary button--small rate-row__remove"
                    onClick={() => {
                      remove(index);
                      checkPairs();
                    }}
                  >
                    {m.removeRate}
                  </button>
                </div>
                {pairError && (
                  <p className="field__error" id={rowErrorId}>
                    {pairError}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <FieldMessages hintId={hintId} error={tableError} errorId={errorId} />
      <div>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={full}
          onClick={() => append(newRateRow(getValues('rates')))}
        >
          {m.addRate}
        </button>
      </div>
    </fieldset>
  );
}

/** The weekly hours: each day closed, by appointment, or open from one time to another. */
export function HoursFields({ form }: { form: AdForm }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const { errors } = useFormState({ control: form.control, name: 'hours' });
  const m = useText(adsText).rates;
  const w = useRateWords();
  const say = useSay();
  const hoursError = saidOr(say, errors.hours?.message ?? errors.hours?.root?.message);
  return (
    <fieldset className="field field--group hours-field" aria-describedby={describedBy(hintId)}>
      <legend className="field__label">{w.hoursLabel}</legend>
      <p className="field__hint" id={hintId}>
        {m.hoursHint}
      </p>
      <ul className="day-rows">
        {weekDays.map((day) => (
          <DayFields key={day} form={form} day={day} />
        ))}
      </ul>
      <FieldMessages hintId={hintId} error={hoursError} errorId={errorId} />
    </fieldset>
  );
}

function DayFields({ form, day }: { form: AdForm; day: WeekDay }) {
  const id = useId();
  const dayErrorId = `${id}-error`;
  const { control, getFieldState, getValues, trigger } = form;
  const kind = useWatch({ control, name: `hours.${day}.kind` });
  const { errors } = useFormState({ control, name: `hours.${day}` });
  const dayErrors = errors.hours?.[day];
  const m = useText(adsText).rates;
  const w = useRateWords();
  const dayKindOptions = dayKinds.map((kind) => ({ value: kind, label: w.dayKinds[kind] }));
  const say = useSay();
  const dayError = saidOr(say, dayErrors?.message);
  const fromPath: FormPath = `hours.${day}.from`;
  const toPath: FormPath = `hours.${day}.to`;

  /**
   * The day's times, asked about: the one just used, and the other when it holds a
   * time or a problem (an empty time not reached yet is not called wrong).
   */
  const checkTimes = (used: FormPath | null) => {
    const names = [fromPath, toPath].filter(
      (name) => name === used || getValues(name) !== '' || getFieldState(name).error,
    );
    if (names.length > 0) void trigger(names);
  };
  const shown = () => Boolean(getFieldState(fromPath).error ?? getFieldState(toPath).error);

  const time = (path: FormPath, label: string, error: string | undefined) => (
    <FieldFrame label={label} error={error}>
      {(frame) => (
        <input
          {...form.register(path, {
            onBlur: () => checkTimes(path),
            onChange: () => {
              if (shown()) checkTimes(path);
            },
          })}
          {...frame}
          type="time"
          className="field__input day-row__time"
        />
      )}
    </FieldFrame>
  );

  return (
    <li className="day-row">
      <div className="day-row__controls" role="group" aria-label={w.days[day]}>
        <FieldFrame label={w.days[day]}>
          {(frame) => (
            <select
              {...form.register(`hours.${day}.kind`, {
                // Closed or by appointment: the times' problems go with them.
                onChange: () => {
                  if (shown()) checkTimes(null);
                },
              })}
              {...frame}
              aria-invalid={dayError ? true : undefined}
              aria-describedby={describedBy(dayError && dayErrorId)}
              className="field__input field__select day-row__kind"
            >
              <Options options={dayKindOptions} />
            </select>
          )}
        </FieldFrame>
        {kind === 'open' && (
          <div className="day-row__times">
            {time(fromPath, m.fromLabel, saidOr(say, dayErrors?.from?.message))}
            {time(toPath, m.toLabel, saidOr(say, dayErrors?.to?.message))}
          </div>
        )}
      </div>
      {dayError && (
        <p className="field__error" id={dayErrorId}>
          {dayError}
        </p>
      )}
    </li>
  );
}
