import { useId, type ChangeEvent, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { RegisteredField } from './use-zod-form';

/**
 * How a field component gets its value: a useZodForm field (`field={form.field('email')}`,
 * its registration and its problem), or, for a control outside a form, a controlled
 * `value` with `onValueChange` and an `error`.
 */
export type FieldBinding =
  | { field: RegisteredField; value?: never; onValueChange?: never; error?: never }
  | {
      field?: undefined;
      value: string;
      onValueChange: (value: string) => void;
      /** A problem with this field, shown under it and linked with aria-describedby. */
      error?: string | undefined;
    };

type ValueElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The props a control spreads for its binding, and the problem to show under it. */
export function bindControl<E extends ValueElement>(binding: {
  field?: RegisteredField | undefined;
  value?: string | undefined;
  onValueChange?: ((value: string) => void) | undefined;
  error?: string | undefined;
}): {
  control: UseFormRegisterReturn | { value: string; onChange: (event: ChangeEvent<E>) => void };
  error: string | undefined;
} {
  if (binding.field) return { control: binding.field.registration, error: binding.field.error };
  const { value = '', onValueChange } = binding;
  return {
    control: { value, onChange: (event: ChangeEvent<E>) => onValueChange?.(event.target.value) },
    error: binding.error,
  };
}

/** What a control inside a FieldFrame must carry to be labelled and described. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps {
  label: string;
  /** A problem with this field, shown under it and linked with aria-describedby. */
  error?: string | undefined;
  hint?: string | undefined;
  /**
   * A note that comes and goes as the field is used (the characters left while it has
   * the focus; '' when there is none now): on the label's line, so that it never moves
   * the fields and buttons below. A line that appears or goes under a field moves
   * everything after it, and a button pressed as the focus leaves the field would
   * slide out from under the pointer before the press ends (the press is then lost).
   */
  counter?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

/** The label, hint and error around one form control: one markup for every field kind. */
export function FieldFrame({ label, error, hint, counter, children }: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const describedBy =
    [counter && counterId, hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  const labelElement = (
    <label className="field__label" htmlFor={id}>
      {label}
    </label>
  );
  return (
    <div className="field">
      {counter === undefined ? (
        labelElement
      ) : (
        <div className="field__label-row">
          {labelElement}
          <span className="field__counter" id={counterId}>
            {counter}
          </span>
        </div>
      )}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A field's hint and error lines, with the ids its control's aria-describedby names. */
export function FieldMessages(props: {
  hint?: string | undefined;
  hintId: string;
  error?: string | undefined;
  errorId: string;
}) {
  return (
    <>
      {props.hint && (
        <p className="field__hint" id={props.hintId}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="field__error" id={props.errorId}>
          {props.error}
        </p>
      )}
    </>
  );
}
