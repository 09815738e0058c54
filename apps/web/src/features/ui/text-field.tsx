import type { InputHTMLAttributes } from 'react';
import { bindControl, FieldFrame, type FieldBinding } from './field-frame';

type TextFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'onChange' | 'value' | 'defaultValue'
> &
  FieldBinding & {
    label: string;
    hint?: string | undefined;
    /** FieldFrame's `counter`: a note on the label's line that moves nothing. */
    counter?: string | undefined;
  };

/** A labelled input with an optional hint and error text: a form's field, or controlled. */
export function TextField({
  label,
  hint,
  counter,
  field,
  value,
  onValueChange,
  error,
  className,
  ...input
}: TextFieldProps) {
  const bound = bindControl<HTMLInputElement>({ field, value, onValueChange, error });
  return (
    <FieldFrame label={label} error={bound.error} hint={hint} counter={counter}>
      {(control) => (
        <input
          {...input}
          {...control}
          {...bound.control}
          className={className ? `field__input ${className}` : 'field__input'}
        />
      )}
    </FieldFrame>
  );
}
