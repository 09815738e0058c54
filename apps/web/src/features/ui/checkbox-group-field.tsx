import { FieldMessages } from './field-frame';
import { useId } from 'react';

export interface CheckboxOption<T extends string> {
  value: T;
  label: string;
}

interface CheckboxGroupFieldProps<T extends string> {
  /** The group's name, read as the legend. */
  label: string;
  name: string;
  options: readonly CheckboxOption<T>[];
  /** The values ticked. */
  value: readonly T[];
  onToggle: (value: T, checked: boolean) => void;
  hint?: string | undefined;
  /** A problem with the choice, shown under the group and linked from every box. */
  error?: string | undefined;
}

/**
 * A labelled group of checkboxes (fieldset and legend), with the same hint and
 * error as every other field (FieldFrame's markup, for a group of controls).
 */
export function CheckboxGroupField<T extends string>({
  label,
  name,
  options,
  value,
  onToggle,
  hint,
  error,
}: CheckboxGroupFieldProps<T>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="field field--group">
      <legend className="field__label">{label}</legend>
      <div className="check-group">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <div className="check" key={option.value}>
              <input
                id={optionId}
                type="checkbox"
                className="check__input"
                name={name}
                value={option.value}
                checked={value.includes(option.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                onChange={(event) => onToggle(option.value, event.target.checked)}
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
