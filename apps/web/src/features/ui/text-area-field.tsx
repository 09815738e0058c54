import type { TextareaHTMLAttributes } from 'react';
import { bindControl, FieldFrame, type FieldBinding } from './field-frame';

type TextAreaFieldProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'onChange' | 'value' | 'defaultValue'
> &
  FieldBinding & {
    label: string;
    hint?: string | undefined;
  };

/** A labelled multi-line field with an optional hint and error text: a form's field, or controlled. */
export function TextAreaField({
  label,
  hint,
  field,
  value,
  onValueChange,
  error,
  ...textarea
}: TextAreaFieldProps) {
  const bound = bindControl<HTMLTextAreaElement>({ field, value, onValueChange, error });
  return (
    <FieldFrame label={label} error={bound.error} hint={hint}>
      {(control) => (
        <textarea
          {...textarea}
          {...control}
          {...bound.control}
          className="field__input field__textarea"
        />
      )}
    </FieldFrame>
  );
}
