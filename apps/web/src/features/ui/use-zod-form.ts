import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type FormEvent } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { z } from 'zod';
import { useSay } from '../../i18n/language-context';
import { ApiError, errorMessage } from '../../lib/api';

/*
 * The web app's one form layer (issue 16; docs/decisions.md, "Forms: one zod-driven
 * layer"): react-hook-form with the shared zod schema as its resolver, the schema the
 * server validates the same body with. A form that needs a form-only shape derives it
 * from the shared schema (.pick, .extend, withFormRule), never re-writes a rule.
 *
 *   const form = useZodForm(loginBodySchema, { email: '', password: '' });
 *   const login = useMutation({ ..., onError: (e) => form.showServerError(e, fallback) });
 *   <form onSubmit={form.submit((body) => login.mutate(body))} noValidate>
 *     <TextField label="Email" field={form.field('email')} />      (also TextAreaField,
 *     {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}  SelectField,
 *   </form>                                                          CheckboxGroupField)
 *
 * Messages: the first submit validates everything; after it, each field re-validates
 * as it changes, so a fixed field's message goes at once (a problem has one message,
 * under its field). The form's own problem (a withFormRule rule, or a failed call no
 * field took) shows once, after the fields; a rule's is re-checked on every change.
 * A form with an error summary renders it after its fields from form.formState.errors
 * (field names in the order of the form), so it goes as they are fixed.
 */

/** A field of a useZodForm form, as the field components take it. */
export interface RegisteredField {
  registration: UseFormRegisterReturn;
  /** Its problem now: the schema's message, or the server's for this field. */
  error: string | undefined;
}

/** Errors set from a failed call: kept until the next submit (a field's, until it changes). */
const serverErrorType = 'server';
/** Where a form rule's problem goes: react-hook-form's form-wide error. */
const formIssuePath = 'root';

/**
 * The schema with a rule across its fields, or one the shared schema cannot know (the
 * site's password length): its problem is the form's (after the fields) unless it names
 * a field. The rule runs once every field is valid on its own, so no problem gets two
 * messages.
 */
export function withFormRule<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  rule: (values: z.output<S>) => { message: string; field?: Path<z.input<S>> } | string | null,
): S {
  return schema.check((ctx) => {
    if (ctx.issues.length > 0) return;
    const problem = rule(ctx.value);
    if (problem === null) return;
    const { message, field } = typeof problem === 'string' ? { message: problem } : problem;
    ctx.issues.push({
      code: 'custom',
      message,
      path: [field ?? formIssuePath],
      input: ctx.value,
    });
  });
}

/** A select's schema where the empty choice ('') means "any": the shared field's rule, or ''. */
export function orBlank<T extends z.ZodType>(schema: T) {
  return z.union([z.literal(''), schema]);
}

/** The form rule's message for these values, if any. */
function formIssue(schema: z.ZodType, values: unknown): string | undefined {
  const parsed = schema.safeParse(values);
  return parsed.success
    ? undefined
    : parsed.error.issues.find((issue) => issue.path[0] === formIssuePath)?.message;
}

/** Whether `name` (dots for nested fields) is one of the form's fields. */
function isFieldOf<T extends FieldValues>(values: T, name: string): name is Path<T> {
  return get(values, name) !== undefined;
}

export interface ZodForm<S extends z.ZodType<FieldValues, FieldValues>> extends UseFormReturn<
  z.input<S>,
  unknown,
  z.output<S>
> {
  /** The registration and current problem of one field, for TextField and friends. */
  field: (name: Path<z.input<S>>, options?: RegisterOptions<z.input<S>>) => RegisteredField;
  /** The form's submit handler: validates with the schema, then `onValid` with its output. */
  submit: (
    onValid: (values: z.output<S>) => unknown,
  ) => (event?: FormEvent<HTMLFormElement>) => void;
  /**
   * Shows a failed call: the server's per-field problems under their fields; when no
   * field took one, the error's text (else `fallback`) as the form's problem, shown
   * once in the form's alert (never repeated in a toast). Returns that text, or
   * undefined when the fields show it all.
   */
  showServerError: (error: unknown, fallback: string) => string | undefined;
  /** Shows `message` as the form's problem until the next submit. */
  showFormError: (message: string) => void;
  /** The form's own problem, to show after the fields. */
  formError: string | undefined;
}

/** A form whose values the shared zod `schema` validates (see the comment above). */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  /** Every field's starting value (a field without one starts empty). */
  defaultValues?: DefaultValues<z.input<S>>,
): ZodForm<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { clearErrors, setError, subscribe } = form;
  // The schemas name their rules' texts (tagged): said here in the app's language.
  const say = useSay();
  const said = (text: string | undefined) => (text === undefined ? undefined : say(text));
  const showFormError = (message: string) =>
    setError(formIssuePath, { type: serverErrorType, message });

  // A form rule's problem is no field's, so react-hook-form does not re-check it as
  // fields change: this does, after the first submit, and takes it away once fixed.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values, errors, isSubmitted, type }) => {
          const shown = errors?.root;
          if (!type || !isSubmitted || !shown || shown.type === serverErrorType) return;
          const message = formIssue(schema, values);
          if (!message) clearErrors(formIssuePath);
          else if (message !== shown.message)
            setError(formIssuePath, { type: String(shown.type), message });
        },
      }),
    [schema, subscribe, clearErrors, setError],
  );

  return {
    ...form,
    field: (name, options) => ({
      registration: form.register(name, options),
      error: said(form.getFieldState(name, form.formState).error?.message),
    }),
    submit: (onValid) => (event) => {
      void form.handleSubmit(async (values) => {
        await onValid(values);
      })(event);
    },
    showServerError: (error, fallback) => {
      const values = form.getValues();
      let taken = 0;
      for (const [name, message] of error instanceof ApiError ? Object.entries(error.fields) : []) {
        if (!isFieldOf(values, name)) continue;
        setError(name, { type: serverErrorType, message }, { shouldFocus: taken === 0 });
        taken += 1;
      }
      if (taken > 0) return undefined;
      const text = errorMessage(error, fallback);
      showFormError(text);
      return text;
    },
    showFormError,
    formError: said(form.formState.errors.root?.message),
  };
}
