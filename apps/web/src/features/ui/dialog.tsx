import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './dialog.css';

interface DialogProps {
  /** The heading, which names the dialog (aria-labelledby). */
  title: string;
  /** A line under the title, which describes it (aria-describedby). */
  description?: string | undefined;
  /** Cancel, Escape or the browser closing it: the owner stops rendering the dialog. */
  onClose: () => void;
  /** While its action runs, Escape does nothing. */
  busy?: boolean;
  children: ReactNode;
}

const focusable =
  'input:not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), [href]';

/**
 * The app's one dialog: a native <dialog> opened with showModal() while rendered (the
 * browser keeps the page behind it inert and shows ::backdrop). Focus moves to its first
 * control when it opens and back to the opener when it goes; Escape closes it unless busy.
 * Confirm and prompt dialogs are uses of it (confirm-dialog.tsx, prompt-dialog.tsx).
 */
export function Dialog({ title, description, onClose, busy = false, children }: DialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const ref = useRef<HTMLDialogElement>(null);
  // The latest handlers, for the listeners added once.
  const latest = useRef({ onClose, busy });
  useEffect(() => {
    latest.current = { onClose, busy };
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The browser's own close request (Escape, the back gesture): the owner decides.
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (!latest.current.busy) latest.current.onClose();
    };
    // Closed anyway (a cancel the page may not refuse): the owner follows.
    const onNativeClose = () => latest.current.onClose();
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>(focusable)?.focus();
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    // Handled here, so the browser's own cancel does not follow.
    event.preventDefault();
    if (!busy) onClose();
  };

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-modal="true"
      aria-busy={busy}
      onKeyDown={onKeyDown}
    >
      <h2 className="dialog__title" id={titleId}>
        {title}
      </h2>
      {description && (
        <p className="dialog__body" id={descriptionId}>
          {description}
        </p>
      )}
      {children}
    </dialog>
  );
}

/** A dialog's buttons row: Cancel first, the action last. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="dialog__actions">{children}</div>;
}

interface DialogButtonsProps {
  cancelLabel: string;
  actionLabel: string;
  /** While the action runs both buttons are disabled and the action's is marked busy. */
  busy: boolean;
  onCancel: () => void;
  /** Runs the action; without it the action button submits the dialog's form. */
  onAction?: () => void;
}

/** The confirm and prompt dialogs' row: Cancel and the (destructive) action. */
export function DialogButtons({
  cancelLabel,
  actionLabel,
  busy,
  onCancel,
  onAction,
}: DialogButtonsProps) {
  return (
    <DialogActions>
      <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </button>
      <button
        type={onAction ? 'button' : 'submit'}
        className="button button--danger"
        onClick={onAction}
        disabled={busy}
        aria-busy={busy}
      >
        {actionLabel}
      </button>
    </DialogActions>
  );
}
