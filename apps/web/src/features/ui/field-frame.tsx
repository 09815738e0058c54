import { useId, type ReactNode } from 'react';

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
  children: (control: FieldControlProps) => ReactNode;
}

/** The label, hint and error around one form control: one markup for every field kind. */
export function FieldFrame({ label, error, hint, children }: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
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
