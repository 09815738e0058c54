import type { InputHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** A problem with this field, shown under it and linked with aria-describedby. */
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled input with an optional hint and error text. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  className,
  ...input
}: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => (
        <input
          {...input}
          {...control}
          className={className ? `field__input ${className}` : 'field__input'}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}
