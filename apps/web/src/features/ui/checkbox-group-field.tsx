import { useId } from 'react';
import { FieldMessages } from './field-frame';
import type { RegisteredField } from './use-zod-form';

export interface CheckboxOption<T extends string> {
  value: T;
  label: string;
}

/**
 * A useZodForm field whose default value is an array (`field={form.field('services')}`:
 * the ticked values), or controlled with `value`, `onToggle` and an `error`.
 */
type CheckboxBinding<T extends string> =
  | { field: RegisteredField; name?: never; value?: never; onToggle?: never; error?: never }
  | {
      field?: undefined;
      name: string;
      /** The values ticked. */
      value: readonly T[];
      onToggle: (value: T, checked: boolean) => void;
      /** A problem with the choice, shown under the group and linked from every box. */
      error?: string | undefined;
    };

type CheckboxGroupFieldProps<T extends string> = CheckboxBinding<T> & {
  /** The group's name, read as the legend. */
  label: string;
  options: readonly CheckboxOption<T>[];
  hint?: string | undefined;
};

/**
 * A labelled group of checkboxes (fieldset and legend), with the same hint and
 * error as every other field (FieldFrame's markup, for a group of controls).
 */
export function CheckboxGroupField<T extends string>({
  label,
  options,
  hint,
  field,
  name,
  value,
  onToggle,
  error: controlledError,
}: CheckboxGroupFieldProps<T>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const error = field ? field.error : controlledError;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="field field--group">
      <legend className="field__label">{label}</legend>
      <div className="check-group">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          const binding = field
            ? field.registration
            : {
                name,
                checked: value?.includes(option.value) ?? false,
                onChange: (event: { target: { checked: boolean } }) =>
                  onToggle?.(option.value, event.target.checked),
              };
          return (
            <div className="check" key={option.value}>
              <input
                id={optionId}
                type="checkbox"
                className="check__input"
                value={option.value}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                {...binding}
              />
              <label htmlFor={optionId} className="check__label">
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </fieldset>
  );
}
