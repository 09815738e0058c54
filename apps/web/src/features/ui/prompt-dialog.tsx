import type { FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorAlert } from './alert';
import { Dialog, DialogButtons } from './dialog';
import { TextField } from './text-field';
import { useZodForm } from './use-zod-form';

interface PromptDialogProps<S extends z.ZodType<FieldValues, FieldValues>> {
  title: string;
  body?: string;
  label: string;
  hint?: string;
  cancelLabel: string;
  submitLabel: string;
  /** The shared schema of the body the value is sent in (e.g. banBodySchema). */
  schema: S;
  /** The field of that body this dialog asks for. */
  name: Path<z.input<S>>;
  /** The form's problem when a failed call gives no reason. */
  failureMessage: string;
  /**
   * Sends the body. While it runs the dialog is busy; a failure shows in the dialog,
   * which stays open; the owner closes it on success.
   */
  onSubmit: (body: z.output<S>) => Promise<unknown>;
  onCancel: () => void;
}

/** A Dialog that asks for one value (a ban reason, a transaction id) through the form layer. */
export function PromptDialog<S extends z.ZodType<FieldValues, FieldValues>>({
  title,
  body,
  label,
  hint,
  cancelLabel,
  submitLabel,
  schema,
  name,
  failureMessage,
  onSubmit,
  onCancel,
}: PromptDialogProps<S>) {
  const form = useZodForm(schema);
  const busy = form.formState.isSubmitting;
  const send = form.submit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      form.showServerError(error, failureMessage);
    }
  });

  return (
    <Dialog title={title} description={body} onClose={onCancel} busy={busy}>
      <form className="form" onSubmit={send} noValidate>
        <TextField
          label={label}
          hint={hint}
          field={form.field(name)}
          autoComplete="off"
          spellCheck={false}
        />
        {form.formError && <ErrorAlert>{form.formError}</ErrorAlert>}
        <DialogButtons
          cancelLabel={cancelLabel}
          actionLabel={submitLabel}
          busy={busy}
          onCancel={onCancel}
        />
      </form>
    </Dialog>
  );
}
