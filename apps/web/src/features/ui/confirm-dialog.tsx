import { Dialog, DialogButtons } from './dialog';

interface ConfirmDialogProps {
  title: string;
  body: string;
  cancelLabel: string;
  confirmLabel: string;
  /** While the action runs both buttons are disabled and Escape does nothing. */
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before an action that cannot be undone: the Dialog with Cancel (focused first) and the action. */
export function ConfirmDialog({
  title,
  body,
  cancelLabel,
  confirmLabel,
  busy = false,
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} description={body} onClose={onCancel} busy={busy}>
      <DialogButtons
        cancelLabel={cancelLabel}
        actionLabel={confirmLabel}
        busy={busy}
        onCancel={onCancel}
        onAction={onConfirm}
      />
    </Dialog>
  );
}
