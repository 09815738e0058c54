import {
  adLimits,
  adMessages,
  adTypeLabels,
  businessEmptyLabel,
  businessOptions,
  contactKindLabels,
  contactKinds,
  creatableAdTypes,
  ethnicityEmptyLabel,
  ethnicityOptions,
  incallOptions,
  outcallOptions,
  lifecycleMessages,
  typeBadge,
  type AdLifecycleView,
  type AdType,
  type ContactKind,
  type CreateAdResult,
  type Ad,
} from '@adboard/shared';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ApiError, errorMessage } from '../../lib/api';
import { adApi } from '../../lib/ad-api';
import type { AttemptKeys } from '../../lib/request-key';
import { ErrorAlert } from '../ui/alert';
import { CheckboxGroupField } from '../ui/checkbox-group-field';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import {
  activeFields,
  adFieldLabels,
  adFieldMax,
  adFormBody,
  adFormFields,
  checkKey,
  checkResult,
  contactsProblem,
  descriptionLevel,
  descriptionTextLength,
  fieldProblem,
  toggleContact,
  type AdFormField,
  type AdFormState,
  type LocationChoice,
  type ServerCheckedField,
} from './ad-form-model';
import { BacklinkHelp } from './backlink-help';
import { useCountryName } from './use-locations';
import { ViewHeading } from './view-heading';
import './ad-form.css';

// TipTap is loaded only when the form opens.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

const serverCheckMessages: Record<ServerCheckedField, string> = {
  phone: adMessages.form.phoneNotDialable,
  backlink: adMessages.form.backlinkNotFound,
};

const optionalEmptyLabel = '- Select -';

const contactOptions = contactKinds.map((kind) => ({
  value: kind,
  label: contactKindLabels[kind],
}));

type FieldErrors = Partial<Record<AdFormField, string>>;

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
  const descriptionLabelId = useId();
  const descriptionHintId = useId();
  const descriptionErrorId = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [contactsError, setContactsError] = useState<string | undefined>(undefined);
  // The summary shows after a refused submit, and lists what is invalid now.
  const [summaryShown, setSummaryShown] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [focused, setFocused] = useState<AdFormField | null>(null);
  const [checking, setChecking] = useState(0);
  // From the click until the save has answered: the button stays disabled, and a
  // second click or Enter in that time (before a re-render) sends nothing.
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const [descriptionLength, setDescriptionLength] = useState(() =>
    descriptionTextLength(form.values.description),
  );

  // Answers of the server checks arrive later: compare them with the values of now.
  const valuesRef = useRef(form.values);
  useEffect(() => {
    valuesRef.current = form.values;
  });

  const { values } = form;
  const isNew = adId === null;
  const emailEditable = lockedEmail === null;
  const fields = activeFields(type, emailEditable);
  const hidden = type === 'free' && !form.revealed;
  const countryFull = useCountryName(location.country, location.countryFull);
  const checkOf = (field: ServerCheckedField) => checkResult(form, field, location.country);
  const anyCheckFailed = fields.some(
    (field) => (field === 'phone' || field === 'backlink') && checkOf(field) === false,
  );

  const setValue = (field: AdFormField, value: string) => {
    onFormChange((current) => ({ ...current, values: { ...current.values, [field]: value } }));
    // A field shown as invalid is checked again as it changes: its error (and its
    // line in the summary) goes as soon as it is fixed. A server check's answer
    // belonged to the old value: the field is checked again on blur.
    if (errors[field] !== undefined) {
      setErrors((current) => ({ ...current, [field]: fieldProblem(field, value, type) }));
    }
  };

  // A checkbox is checked as it changes: there is no blur to wait for.
  const onContactToggle = (kind: ContactKind, on: boolean) => {
    const next = toggleContact(form.contacts, kind, on);
    setContactsError(contactsProblem(next));
    onFormChange((current) => ({ ...current, contacts: next }));
  };

  const validate = (field: AdFormField, value: string): boolean => {
    const found = fieldProblem(field, value, type);
    setErrors((current) => ({ ...current, [field]: found }));
    return found === undefined;
  };

  /**
   * Asks the server about the phone and backlink not checked yet (POST /validate/ad).
   * Resolves false when one fails; an unreachable server counts as passing, since
   * saving checks them again.
   */
  // POST /validate/ad: the server's phone and backlink checks (a read, asked on blur).
  const serverValidation = useMutation({ mutationFn: adApi.validateAd });

  const serverCheck = async (asked: ServerCheckedField[]): Promise<boolean> => {
    const todo = asked.filter(
      (field) => fields.includes(field) && values[field].trim() !== '' && checkOf(field) === null,
    );
    const known = asked.every((field) => checkOf(field) !== false);
    if (todo.length === 0) return known;
    const sent = { ...values };
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
      setErrors((current) => {
        const next = { ...current };
        for (const field of todo) {
          if (valuesRef.current[field] !== sent[field]) continue;
          if (!result[field]) next[field] = serverCheckMessages[field];
          else if (next[field] === serverCheckMessages[field]) next[field] = undefined;
        }
        return next;
      });
      return known && todo.every((field) => result[field]);
    } catch (error) {
      console.warn('Could not check the ad fields with the server', error);
      return known;
    } finally {
      setChecking((count) => count - 1);
    }
  };

  const onFieldBlur = (field: AdFormField, value: string) => {
    setFocused((current) => (current === field ? null : current));
    // The account's (or the ad's) email is not typed here: it is valid as it is.
    if (field === 'email' && lockedEmail !== null) return;
    const valid = validate(field, value);
    if (valid && (field === 'phone' || field === 'backlink') && value.trim() !== '') {
      void serverCheck([field]);
    }
  };

  const save = useMutation({
    mutationFn: async (body: ReturnType<typeof adFormBody>): Promise<SaveOutcome> => {
      if (adId !== null) {
        // The type goes along: a VIP ad with nothing paid may have become a free ad.
        const updated = await adApi.updateAd({ post_id: adId, ...body, type });
        return { kind: 'updated', ...updated };
      }
      const creatable = creatableAdTypes.find((option) => option === type);
      if (!creatable) throw new ApiError(400, adMessages.form.type);
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
        toast.success(lifecycleMessages.editSavedForReview, { id: 'ad-save-review' });
      }
      onUpdated(outcome.post);
    },
    onError: (error) => {
      const serverFields = error instanceof ApiError ? error.fields : {};
      const known = Object.entries(serverFields).filter(([name]) => isKnownField(name));
      if (isNew && known.length === 0) {
        onCreateFailed(error);
        return;
      }
      setErrors((current) => ({ ...current, ...Object.fromEntries(known) }));
      if (serverFields.contacts) setContactsError(serverFields.contacts);
      const text = errorMessage(
        error,
        isNew ? adMessages.wizard.finishFailed : adMessages.wizard.updateFailed,
      );
      // Shown once, above the button: no toast repeating it.
      setProblem(text);
    },
  });

  const busy = save.isPending || checking > 0 || submitting;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      await submit();
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const submit = async () => {
    setProblem(null);
    if (hidden) {
      // Free ads with a link: the link comes first, the other fields show once it passed.
      if (validate('backlink', values.backlink)) await serverCheck(['backlink']);
      return;
    }
    const found: FieldErrors = {};
    for (const field of fields) found[field] = fieldProblem(field, values[field], type);
    for (const field of ['phone', 'backlink'] as const) {
      if (fields.includes(field) && !found[field] && checkOf(field) === false) {
        found[field] = serverCheckMessages[field];
      }
    }
    setErrors(found);
    const contactsFound = contactsProblem(form.contacts);
    setContactsError(contactsFound);
    const invalidFound = fields.some((field) => found[field]) || contactsFound !== undefined;
    setSummaryShown(invalidFound);
    if (invalidFound) return;
    if (!(await serverCheck(['phone', 'backlink']))) return;
    // onError shows what went wrong; the promise only says when the save has answered.
    await save
      .mutateAsync(adFormBody(values, type, location, emailEditable, form.contacts))
      .catch(() => undefined);
  };

  const textProps = (field: AdFormField) => {
    const max = adFieldMax[field];
    const value = field === 'email' && lockedEmail !== null ? lockedEmail : values[field];
    return {
      name: field,
      label: adFieldLabels[field],
      value,
      maxLength: max,
      // The locked email comes from the account or the ad: never shown as invalid.
      error: field === 'email' && lockedEmail !== null ? undefined : errors[field],
      hint:
        max !== undefined && focused === field
          ? adMessages.form.charactersRemaining(Math.max(0, max - value.length))
          : undefined,
      onValueChange: (next: string) => setValue(field, next),
      onFocus: () => setFocused(field),
      onBlur: () => onFieldBlur(field, values[field]),
    };
  };

  const selectProps = (field: AdFormField) => ({
    name: field,
    label: adFieldLabels[field],
    value: values[field],
    error: errors[field],
    onValueChange: (next: string) => setValue(field, next),
    onBlur: () => onFieldBlur(field, values[field]),
  });

  const banner = creatableAdTypes.find((option) => option === type);
  // What is invalid now: the summary follows the fields as they are fixed.
  const summary = summaryShown
    ? [
        ...fields.filter((field) => errors[field]).map((field) => adFieldLabels[field]),
        ...(contactsError ? [adMessages.form.contactsLabel] : []),
      ]
    : [];
  const level = descriptionLevel(descriptionLength);
  const descriptionMax = adLimits.descriptionTextMax;
  const descriptionCounter = [
    adMessages.form.descriptionCount(descriptionLength, descriptionMax),
    level === 'near'
      ? adMessages.form.descriptionNearLimit(descriptionMax - descriptionLength)
      : '',
    level === 'over'
      ? adMessages.form.descriptionOverLimit(descriptionLength - descriptionMax)
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  // The over-limit error says the same as the counter: shown once, in the counter.
  const descriptionError =
    errors.description === adMessages.form.tooLong(descriptionMax) && level === 'over'
      ? undefined
      : errors.description;
  const descriptionDescribedBy =
    [descriptionHintId, descriptionError && descriptionErrorId].filter(Boolean).join(' ') ||
    undefined;

  return (
    <section className="wizard__view">
      <ViewHeading focus={focusHeading}>
        {adMessages.wizard.postingOn(location.cityFull, countryFull)}
      </ViewHeading>
      <div className="type-banner">
        <p className="type-banner__title">
          {banner ? adTypeLabels[banner].title : typeBadge(type, null)}
        </p>
        {banner && <p className="type-banner__description">{adTypeLabels[banner].description}</p>}
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
        {hidden && <p className="field__hint">{adMessages.form.backlinkRequired}</p>}
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
            <TextField
              {...textProps('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              readOnly={lockedEmail !== null}
              required
            />
            <CheckboxGroupField
              label={adMessages.form.contactsLabel}
              name="contacts"
              options={contactOptions}
              value={form.contacts}
              onToggle={onContactToggle}
              hint={adMessages.form.contactsHint}
              error={contactsError}
            />
            <TextField {...textProps('title')} required />
            <div className="field">
              <span className="field__label" id={descriptionLabelId}>
                {adFieldLabels.description}
              </span>
              <Suspense
                fallback={
                  <div className="editor editor--loading">
                    <Spinner label="Loading editor" />
                  </div>
                }
              >
                <RichTextEditor
                  label={adFieldLabels.description}
                  initialHtml={values.description}
                  invalid={Boolean(errors.description) || level === 'over'}
                  describedBy={descriptionDescribedBy}
                  onChange={(html) => {
                    setDescriptionLength(descriptionTextLength(html));
                    setValue('description', html);
                  }}
                  onFocus={() => setFocused('description')}
                  onBlur={(html) => onFieldBlur('description', html)}
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
              options={ethnicityOptions}
              emptyLabel={ethnicityEmptyLabel}
            />
            <SelectField
              {...selectProps('business')}
              options={businessOptions}
              emptyLabel={businessEmptyLabel}
            />
            <SelectField
              {...selectProps('incalls')}
              options={incallOptions}
              emptyLabel={optionalEmptyLabel}
            />
            <SelectField
              {...selectProps('outcalls')}
              options={outcallOptions}
              emptyLabel={optionalEmptyLabel}
            />
          </>
        )}
        {summary.length > 0 && (
          <div className="notice notice--error" role="alert">
            <p className="notice__title">{adMessages.form.invalidSummary}</p>
            <ul className="notice__list">
              {summary.map((label) => (
                <li key={label}>{label}</li>
              ))}
            </ul>
          </div>
        )}
        {problem && <ErrorAlert>{problem}</ErrorAlert>}
        {lifecycle?.revisionRejection && (
          <p className="notice notice--error">
            {lifecycleMessages.revisionRejected(lifecycle.revisionRejection)}
          </p>
        )}
        {lifecycle?.pendingRevision && (
          <p className="notice notice--info">{lifecycleMessages.pendingRevision}</p>
        )}
        {lifecycle?.editNeedsReview && (
          <p className="notice notice--info">{lifecycleMessages.editLive}</p>
        )}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={busy || anyCheckFailed}
          aria-busy={busy}
        >
          {isNew ? 'Save and continue' : 'Update'}
        </button>
      </form>
    </section>
  );
}
