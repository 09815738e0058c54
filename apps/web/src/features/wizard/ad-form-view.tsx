import {
  adLimits,
  adMessages,
  sayTag,
  businessOptions,
  contactKinds,
  creatableAdTypes,
  ethnicityOptions,
  incallOptions,
  outcallOptions,
  typeBadge,
  weekDays,
  type AdLifecycleView,
  type AdType,
  type CreateAdResult,
  type Ad,
} from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useWatch, type FieldPath } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ApiError, errorMessage } from '../../lib/api';
import { adApi } from '../../lib/ad-api';
import type { AttemptKeys } from '../../lib/request-key';
import { ErrorAlert } from '../ui/alert';
import { CheckboxGroupField } from '../ui/checkbox-group-field';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { useZodForm } from '../ui/use-zod-form';
import { useSite } from '../site/site-context';
import {
  activeFields,
  adFieldMax,
  adFormBody,
  adFormFields,
  adFormRules,
  checkKey,
  descriptionLevel,
  descriptionTextLength,
  holdsProblem,
  ratesHoursErrorPath,
  type AdFormField,
  type AdFormInput,
  type AdFormState,
  type HoursRows,
  type LocationChoice,
  type ServerCheckedField,
} from './ad-form-model';
import { BacklinkHelp } from './backlink-help';
import { HoursFields, RatesFields } from './rates-hours-fields';
import { useCountryName } from './use-locations';
import { ViewHeading } from './view-heading';
import './ad-form.css';
import './rich-text-editor.css';
import './wizard.css';
import {
  adFormText,
  adOptionsText,
  adToolsText,
  appScreensText,
  answersText,
  lifecycleText,
} from '../../i18n/areas';
import { useSay, useText } from '../../i18n/language-context';
import { adsText } from '../../i18n/areas';

// TipTap is loaded only when the form opens.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The server's own checks' texts, set on their fields as named texts (said there). */
const serverCheckMessages: Record<ServerCheckedField, string> = {
  phone: sayTag(adMessages.form.phoneNotDialable),
  backlink: sayTag(adMessages.form.backlinkNotFound),
};

type SaveOutcome =
  | { kind: 'created'; result: CreateAdResult }
  | { kind: 'updated'; post: Ad; awaitingReview: boolean };

export interface AdFormViewProps {
  type: AdType;
  location: LocationChoice;
  form: AdFormState;
  onFormChange: (update: (form: AdFormState) => AdFormState) => void;
  /** The saved ad's id; null while the ad is new. */
  postId: string | null;
  /** The email shown read-only (the account's, or the existing ad's); null when typed. */
  lockedEmail: string | null;
  onCreated: (result: CreateAdResult) => void;
  onUpdated: (ad: Ad) => void;
  onCreateFailed: (error: unknown) => void;
  /**
   * The Idempotency-Key of creating the ad, kept by the wizard so a retry of the
   * same submission (after a failure, even from the error view) sends it again.
   */
  createKeys: AttemptKeys;
  focusHeading: boolean;
  /** The saved ad's lifecycle (live ad, edit waiting for review); absent while new or loading. */
  lifecycle?: AdLifecycleView | null;
}

function isKnownField(name: string): name is AdFormField {
  return adFormFields.some((field) => field === name);
}

type FormPath = FieldPath<AdFormInput>;

/** The week's rows, copied: react-hook-form's values are its own, changed in place. */
function copyHours(hours: HoursRows): HoursRows {
  return Object.fromEntries(weekDays.map((day) => [day, { ...hours[day] }])) as HoursRows;
}

/** Step 3: the ad itself (SPEC.md section 2 and the rules of section 5). */
export function AdFormView({
  type,
  location,
  form,
  onFormChange,
  postId: adId,
  lockedEmail,
  onCreated,
  onUpdated,
  onCreateFailed,
  createKeys,
  focusHeading,
  lifecycle = null,
}: AdFormViewProps) {
  const adsWords = useText(adsText);
  const answer = useText(answersText);
  const lifecycleWords = useText(lifecycleText);
  const toolWords = useText(adToolsText);
  const say = useSay();
  const screenText = useText(appScreensText);
  const formWords = useText(adFormText);
  // The choices' words in the app's language (the ad-options area: the ad page's words too).
  const optionWords = useText(adOptionsText);
  const choices = useMemo(
    () => ({
      ethnicity: ethnicityOptions.map(({ value }) => ({
        value,
        label: optionWords.ethnicity[value],
      })),
      business: businessOptions.map(({ value }) => ({ value, label: optionWords.business[value] })),
      incalls: incallOptions.map(({ value }) => ({ value, label: optionWords.incalls[value] })),
      outcalls: outcallOptions.map(({ value }) => ({ value, label: optionWords.outcalls[value] })),
      contacts: contactKinds.map((kind) => ({ value: kind, label: optionWords.contacts[kind] })),
    }),
    [optionWords],
  );
  const descriptionLabelId = useId();
  const descriptionHintId = useId();
  const descriptionErrorId = useId();
  // The summary shows after a refused submit, and lists what is invalid now.
  const [summaryShown, setSummaryShown] = useState(false);
  const [focused, setFocused] = useState<AdFormField | null>(null);
  const [checking, setChecking] = useState(0);
  // From the click until the save has answered: the button stays disabled, and a
  // second click or Enter in that time (before a re-render) sends nothing.
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);

  const isNew = adId === null;
  const emailEditable = lockedEmail === null;
  const fields = activeFields(type, emailEditable);
  // A start date is for an ad not yet approved; a live ad's edit leaves it as it is.
  const startsOnShown = !lifecycle?.editNeedsReview;
  // Free ads with a link: the link comes first, the other fields show once it passed.
  const hidden = type === 'free' && !form.revealed;
  const schema = useMemo(
    () => adFormRules(type, emailEditable, hidden, startsOnShown),
    [type, emailEditable, hidden, startsOnShown],
  );
  const adForm = useZodForm(schema, {
    ...form.values,
    contacts: [...form.contacts],
    rates: form.rates.map((row) => ({ ...row })),
    hours: copyHours(form.hours),
    startsOn: form.startsOn,
  });
  const values = useWatch({ control: adForm.control });
  const countryFull = useCountryName(location.country);
  const site = useSite();

  // The wizard holds the form's state (its draft and leave guard): every change goes to it.
  const { subscribe } = adForm;
  const reportChange = useRef(onFormChange);
  useEffect(() => {
    reportChange.current = onFormChange;
  });
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        // Typed, ticked, or set by the description editor (setValue: no event type).
        callback: ({ values: changed }) => {
          const { contacts, rates, hours, startsOn, ...texts } = changed;
          reportChange.current((current) => ({
            ...current,
            values: { ...current.values, ...texts },
            contacts: [...contacts],
            rates: rates.map((row) => ({ ...row })),
            hours: copyHours(hours),
            startsOn,
          }));
        },
      }),
    [subscribe],
  );

  /** The server's answer for the field's value now: true, false, or null when not asked yet. */
  const checkOf = (field: ServerCheckedField): boolean | null => {
    const check = form.checks[field];
    if (!check) return null;
    const key = checkKey(field, adForm.getValues(field), location.country);
    return check.key === key ? check.ok : null;
  };
  const anyCheckFailed = fields.some(
    (field) => (field === 'phone' || field === 'backlink') && checkOf(field) === false,
  );

  // POST /validate/ad: the server's phone and backlink checks (a read, asked on blur).
  const serverValidation = useMutation({ mutationFn: adApi.validateAd });

  /** Shows a server check's refusal under its field (one message: it replaces none). */
  const showCheckFailed = (field: ServerCheckedField) => {
    if (adForm.getFieldState(field).error) return;
    adForm.setError(field, { type: 'server', message: serverCheckMessages[field] });
  };

  /**
   * Asks the server about the phone and backlink not checked yet (POST /validate/ad).
   * Resolves false when one fails; an unreachable server counts as passing, since
   * saving checks them again.
   */
  const serverCheck = async (asked: ServerCheckedField[]): Promise<boolean> => {
    const sent = adForm.getValues();
    const shown = asked.filter((field) => fields.includes(field) && sent[field].trim() !== '');
    const failed = shown.filter((field) => checkOf(field) === false);
    failed.forEach(showCheckFailed);
    const todo = shown.filter((field) => checkOf(field) === null);
    if (todo.length === 0) return failed.length === 0;
    const country = location.country;
    setChecking((count) => count + 1);
    try {
      const result = await serverValidation.mutateAsync({
        fields: {
          ...(todo.includes('phone') ? { phone: sent.phone.trim() } : {}),
          ...(todo.includes('backlink') ? { backlink: sent.backlink.trim() } : {}),
          country,
        },
        ...(adId ? { updated: adId } : {}),
      });
      onFormChange((current) => {
        const checks = { ...current.checks };
        for (const field of todo) {
          checks[field] = { key: checkKey(field, sent[field], country), ok: result[field] };
        }
        const revealed = current.revealed || (todo.includes('backlink') && result.backlink);
        return { ...current, checks, revealed };
      });
      // The answer belongs to the value asked about: a field changed since is checked again.
      for (const field of todo) {
        if (adForm.getValues(field) !== sent[field]) continue;
        if (!result[field]) showCheckFailed(field);
        else if (adForm.getFieldState(field).error?.message === serverCheckMessages[field]) {
          adForm.clearErrors(field);
        }
      }
      return failed.length === 0 && todo.every((field) => result[field]);
    } catch (error) {
      console.warn('Could not check the ad fields with the server', error);
      return failed.length === 0;
    } finally {
      setChecking((count) => count - 1);
    }
  };

  // A field is checked when it is left; once shown as invalid, as it changes (its
  // error, and its line in the summary, go as soon as it is fixed).
  const onFieldBlur = async (field: AdFormField) => {
    setFocused((current) => (current === field ? null : current));
    const valid = await adForm.trigger(field);
    if (valid && (field === 'phone' || field === 'backlink')) void serverCheck([field]);
  };
  const onFieldChange = (field: AdFormField | 'contacts') => {
    // A checkbox is checked as it changes: there is no blur to wait for.
    if (field === 'contacts' || adForm.getFieldState(field).error) void adForm.trigger(field);
  };

  const save = useMutation({
    mutationFn: async (body: ReturnType<typeof adFormBody>): Promise<SaveOutcome> => {
      if (adId !== null) {
        // The type goes along: a VIP ad with nothing paid may have become a free ad.
        const updated = await adApi.updateAd({ post_id: adId, ...body, type });
        return { kind: 'updated', ...updated };
      }
      const creatable = creatableAdTypes.find((option) => option === type);
      if (!creatable) throw new ApiError(400, adsWords.form.type);
      const created = { ...body, type: creatable };
      // The same submission sent again (a retry) creates the ad once.
      const idempotencyKey = createKeys.keyFor(created);
      const result = await adApi.createAd(created, { idempotencyKey });
      createKeys.settle();
      return { kind: 'created', result };
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'created') {
        onCreated(outcome.result);
        return;
      }
      // A live ad stays online as it was: its edit waits for a moderator.
      if (outcome.awaitingReview) {
        toast.success(lifecycleWords.editSavedForReview, { id: 'ad-save-review' });
      }
      onUpdated(outcome.post);
    },
    onError: (error) => {
      const serverFields = error instanceof ApiError ? error.fields : {};
      const known = Object.entries(serverFields).filter(([name]) => isKnownField(name));
      // The rates' and hours' problems, where the form shows them ('rates.1' on its row).
      const ratesHoursProblems = Object.entries(serverFields).flatMap(([name, message]) => {
        const path = ratesHoursErrorPath(name);
        return path ? [[path as FormPath, message] as const] : [];
      });
      if (
        isNew &&
        known.length === 0 &&
        ratesHoursProblems.length === 0 &&
        !serverFields.starts_on
      ) {
        onCreateFailed(error);
        return;
      }
      for (const [name, message] of known) {
        if (isKnownField(name)) adForm.setError(name, { type: 'server', message });
      }
      for (const [name, message] of ratesHoursProblems) {
        adForm.setError(name, { type: 'server', message });
      }
      if (serverFields.contacts) {
        adForm.setError('contacts', { type: 'server', message: serverFields.contacts });
      }
      if (serverFields.starts_on) {
        adForm.setError('startsOn', { type: 'server', message: serverFields.starts_on });
      }
      // Shown once, above the button: no toast repeating it.
      adForm.showFormError(
        errorMessage(error, isNew ? adsWords.wizard.finishFailed : adsWords.wizard.updateFailed),
      );
    },
  });

  const busy = save.isPending || checking > 0 || submitting;

  const onValid = async () => {
    setSummaryShown(false);
    if (hidden) {
      await serverCheck(['backlink']);
      return;
    }
    if (!(await serverCheck(['phone', 'backlink']))) return;
    const current = adForm.getValues();
    const { contacts, rates, hours, startsOn, ...texts } = current;
    const body = adFormBody(texts, type, location, emailEditable, contacts, rates, hours, {
      startsOn: startsOnShown ? startsOn : undefined,
    });
    // onError shows what went wrong; the promise only says when the save has answered.
    await save.mutateAsync(body).catch(() => undefined);
  };

  const onInvalid = () => {
    setSummaryShown(!hidden);
    // A phone or link the server refused stays refused until it changes.
    for (const field of ['phone', 'backlink'] as const) {
      if (fields.includes(field) && checkOf(field) === false) showCheckFailed(field);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      await adForm.handleSubmit(onValid, onInvalid)(event);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const textProps = (field: AdFormField) => {
    const max = adFieldMax[field];
    const value = values[field] ?? '';
    return {
      label: formWords.fields[field],
      maxLength: max,
      // While the field has the focus; on the label's line, so leaving it moves nothing.
      counter:
        max === undefined
          ? undefined
          : focused === field
            ? answer.rules.charactersRemaining({ n: Math.max(0, max - value.length) })
            : '',
      onFocus: () => setFocused(field),
      field: adForm.field(field, {
        onBlur: () => void onFieldBlur(field),
        onChange: () => onFieldChange(field),
      }),
    };
  };

  const selectProps = (field: AdFormField) => ({
    label: formWords.fields[field],
    field: adForm.field(field, {
      onBlur: () => void onFieldBlur(field),
      onChange: () => onFieldChange(field),
    }),
  });

  const errors = adForm.formState.errors;
  const errorOf = (field: AdFormField | 'contacts') => {
    const message = errors[field]?.message;
    return message === undefined ? undefined : say(message);
  };
  const descriptionLength = useMemo(
    () => descriptionTextLength(values.description ?? ''),
    [values.description],
  );
  const banner = creatableAdTypes.find((option) => option === type);
  // What is invalid now: the summary follows the fields as they are fixed.
  const summary = summaryShown
    ? [
        ...fields.filter((field) => errorOf(field)).map((field) => formWords.fields[field]),
        ...(errorOf('contacts') ? [adsWords.form.contactsLabel] : []),
        ...(holdsProblem(errors.rates) ? [optionWords.rates.ratesLabel] : []),
        ...(holdsProblem(errors.hours) ? [optionWords.rates.hoursLabel] : []),
        ...(errors.startsOn?.message ? [toolWords.startsOn.label] : []),
      ]
    : [];
  const level = descriptionLevel(descriptionLength);
  const descriptionMax = adLimits.descriptionTextMax;
  const descriptionCounter = [
    adsWords.form.descriptionCount({ used: descriptionLength, max: descriptionMax }),
    level === 'near'
      ? adsWords.form.descriptionNearLimit({ left: descriptionMax - descriptionLength })
      : '',
    level === 'over'
      ? adsWords.form.descriptionOverLimit({ over: descriptionLength - descriptionMax })
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  // The over-limit error says the same as the counter: shown once, in the counter.
  const descriptionError =
    errorOf('description') === adsWords.form.tooLong({ max: descriptionMax }) && level === 'over'
      ? undefined
      : errorOf('description');
  const descriptionDescribedBy =
    [descriptionHintId, descriptionError && descriptionErrorId].filter(Boolean).join(' ') ||
    undefined;

  return (
    <section className="wizard__view">
      <ViewHeading focus={focusHeading}>
        {adsWords.wizard.postingOn({ city: location.cityFull, country: countryFull })}
      </ViewHeading>
      <div className="type-banner">
        <p className="type-banner__title">
          {banner ? formWords.types[banner].title : say(typeBadge(type, null))}
        </p>
        {banner && (
          <p className="type-banner__description">{formWords.types[banner].description}</p>
        )}
      </div>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {type === 'free' && <BacklinkHelp />}
        {type === 'free' && (
          <TextField
            {...textProps('backlink')}
            type="url"
            inputMode="url"
            autoComplete="url"
            required
          />
        )}
        {hidden && <p className="field__hint">{adsWords.form.backlinkRequired}</p>}
        {!hidden && (
          <>
            <TextField {...textProps('name')} autoComplete="nickname" required />
            <TextField
              {...textProps('phone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
            />
            {lockedEmail === null ? (
              <TextField
                {...textProps('email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                required
              />
            ) : (
              // The account's (or the ad's) email is not typed here: it is valid as it is.
              <TextField
                label={formWords.fields.email}
                name="email"
                value={lockedEmail}
                onValueChange={() => undefined}
                type="email"
                autoComplete="email"
                readOnly
                required
              />
            )}
            <CheckboxGroupField
              label={adsWords.form.contactsLabel}
              options={choices.contacts}
              hint={adsWords.form.contactsHint}
              field={adForm.field('contacts', { onChange: () => onFieldChange('contacts') })}
            />
            <TextField {...textProps('title')} required />
            <div className="field">
              <span className="field__label" id={descriptionLabelId}>
                {formWords.fields.description}
              </span>
              <Suspense
                fallback={
                  <div className="editor editor--loading">
                    <Spinner label={screenText.wizard.loadingEditor} />
                  </div>
                }
              >
                <RichTextEditor
                  label={formWords.fields.description}
                  initialHtml={form.values.description}
                  invalid={Boolean(errorOf('description')) || level === 'over'}
                  describedBy={descriptionDescribedBy}
                  onChange={(html) => {
                    const shown = Boolean(adForm.getFieldState('description').error);
                    adForm.setValue('description', html, {
                      shouldDirty: true,
                      shouldValidate: shown || adForm.formState.isSubmitted,
                    });
                  }}
                  onFocus={() => setFocused('description')}
                  onBlur={() => void onFieldBlur('description')}
                />
              </Suspense>
              <p
                className={`field__hint description-counter description-counter--${level}`}
                id={descriptionHintId}
                aria-live={level === 'ok' ? 'off' : 'polite'}
              >
                {descriptionCounter}
              </p>
              {descriptionError && (
                <p className="field__error" id={descriptionErrorId}>
                  {descriptionError}
                </p>
              )}
            </div>
            <TextField
              {...textProps('age')}
              className="field__input--short"
              inputMode="numeric"
              pattern="[0-9]*"
              required
            />
            <SelectField
              {...selectProps('ethnicity')}
              options={choices.ethnicity}
              emptyLabel={optionWords.ethnicityEmpty}
            />
            <SelectField
              {...selectProps('business')}
              options={choices.business}
              emptyLabel={optionWords.businessEmpty}
            />
            <SelectField
              {...selectProps('incalls')}
              options={choices.incalls}
              emptyLabel={formWords.emptyChoice}
            />
            <SelectField
              {...selectProps('outcalls')}
              options={choices.outcalls}
              emptyLabel={formWords.emptyChoice}
            />
            <RatesFields form={adForm} currency={site.currency} />
            <HoursFields form={adForm} />
            {startsOnShown && (
              <TextField
                type="date"
                label={toolWords.startsOn.label}
                hint={toolWords.startsOn.hint}
                field={adForm.field('startsOn', {
                  onBlur: () => void adForm.trigger('startsOn'),
                  onChange: () => {
                    if (adForm.getFieldState('startsOn').error) void adForm.trigger('startsOn');
                  },
                })}
              />
            )}
          </>
        )}
        {summary.length > 0 && (
          <div className="notice notice--error" role="alert">
            <p className="notice__title">{adsWords.form.invalidSummary}</p>
            <ul className="notice__list">
              {summary.map((label) => (
                <li key={label}>{label}</li>
              ))}
            </ul>
          </div>
        )}
        {adForm.formError && <ErrorAlert>{adForm.formError}</ErrorAlert>}
        {lifecycle?.revisionRejection && (
          <p className="notice notice--error">
            {lifecycleWords.revisionRejected({ reason: lifecycle.revisionRejection })}
          </p>
        )}
        {lifecycle?.pendingRevision && (
          <p className="notice notice--info">{lifecycleWords.pendingRevision}</p>
        )}
        {lifecycle?.editNeedsReview && (
          <p className="notice notice--info">{lifecycleWords.editLive}</p>
        )}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={busy || anyCheckFailed}
          aria-busy={busy}
        >
          {isNew ? screenText.wizard.saveAndContinue : screenText.wizard.update}
        </button>
      </form>
    </section>
  );
}
