import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'onChange' | 'value'
> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled multi-line field with an optional hint and error text. */
export function TextAreaField({
  label,
  value,
  onValueChange,
  error,
  hint,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(control) => (
        <textarea
          {...textarea}
          {...control}
          className="field__input field__textarea"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}
