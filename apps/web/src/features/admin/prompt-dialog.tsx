import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { ErrorAlert } from '../ui/alert';

interface PromptDialogProps {
  title: string;
  body?: string;
  label: string;
  hint?: string;
  cancelLabel: string;
  submitLabel: string;
  /** The problem with the value, or null when it may be sent. */
  validate: (value: string) => string | null;
  onSubmit: (value: string) => void;
  onCancel: () => void;
  busy?: boolean;
  /** The failure of the last attempt (e.g. the server's error). */
  error?: string | null;
}

/**
 * A modal that asks for one value (a ban reason, a transaction id). Like ConfirmDialog:
 * focus moves in (to the field), Escape cancels unless busy, focus goes back on close.
 */
export function PromptDialog({
  title,
  body,
  label,
  hint,
  cancelLabel,
  submitLabel,
  validate,
  onSubmit,
  onCancel,
  busy = false,
  error = null,
}: PromptDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const fieldId = `${id}-field`;
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    inputRef.current?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!busy) onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    // Focus stays inside while the dialog is open: Tab wraps around.
    const focusable = Array.from(
      event.currentTarget.querySelectorAll<HTMLElement>('input, button:not(:disabled)'),
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(value);
    setProblem(found);
    if (!found) onSubmit(value.trim());
  };

  const describedBy = [hint && hintId, problem && problemId].filter(Boolean).join(' ') || undefined;
  return createPortal(
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={busy}
        onKeyDown={onKeyDown}
      >
        <h2 className="dialog__title" id={titleId}>
          {title}
        </h2>
        {body && <p className="dialog__body">{body}</p>}
        <form className="form" onSubmit={submit} noValidate>
          <div className="field">
            <label className="field__label" htmlFor={fieldId}>
              {label}
            </label>
            <input
              ref={inputRef}
              id={fieldId}
              className="field__input"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={describedBy}
              autoComplete="off"
              spellCheck={false}
            />
            {hint && (
              <p className="field__hint" id={hintId}>
                {hint}
              </p>
            )}
            {problem && (
              <p className="field__error" id={problemId}>
                {problem}
              </p>
            )}
          </div>
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={onCancel}
              disabled={busy}
            >
              {cancelLabel}
            </button>
            <button
              type="submit"
              className="button button--danger"
              disabled={busy}
              aria-busy={busy}
            >
              {submitLabel}
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
