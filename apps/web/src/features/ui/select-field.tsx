import type { SelectHTMLAttributes } from 'react';
import { bindControl, FieldFrame, type FieldBinding } from './field-frame';

export interface SelectOption {
  value: string;
  label: string;
}

type SelectFieldProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'onChange' | 'value' | 'defaultValue'
> &
  FieldBinding & {
    label: string;
    options: readonly SelectOption[];
    /** The first, empty choice ('' value), when the field may stay unset. */
    emptyLabel?: string | undefined;
    hint?: string | undefined;
  };

/** A labelled select with an optional empty choice, hint and error text: a form's field, or controlled. */
export function SelectField({
  label,
  options,
  emptyLabel,
  hint,
  field,
  value,
  onValueChange,
  error,
  ...select
}: SelectFieldProps) {
  const bound = bindControl<HTMLSelectElement>({ field, value, onValueChange, error });
  return (
    <FieldFrame label={label} error={bound.error} hint={hint}>
      {(control) => (
        <select {...select} {...control} {...bound.control} className="field__input field__select">
          {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
