import type { SelectHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'onChange' | 'value'
> {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  /** The first, empty choice ('' value), when the field may stay unset. */
  emptyLabel?: string | undefined;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled select with an optional empty choice, hint and error text. */
export function SelectField({
  label,
  value,
  options,
  onValueChange,
  emptyLabel,
  error,
  hint,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => (
        <select
          {...select}
          {...control}
          className="field__input field__select"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        >
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
