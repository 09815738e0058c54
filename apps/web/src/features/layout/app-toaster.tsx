import { toastRules } from '@adboard/shared';
import { useEffect } from 'react';
import { Toaster, useToasterStore } from 'react-hot-toast';
import { makeRoomForToasts } from './toast-space';

/**
 * Toasts appear bottom-centre (SPEC.md section 2) with the durations of SPEC.md
 * section 9: blank and error 4 s, success 2 s, loading until dismissed, custom 4 s.
 * react-hot-toast's own toast limit (20) and removal delay after dismissal (1 s) are
 * already the spec's cap and delay (toastRules.maxToasts, toastRules.removeDelayMs),
 * so they are left at the library defaults. While toasts show, the page makes room for
 * them (toast-space.ts): a toast never covers a control.
 */
/** react-hot-toast's entry animation (0.35 s), and a little more. */
const toastEntryMs = 400;

export function AppToaster() {
  const { durationsMs } = toastRules;
  // Toasts never cover a control: measured once they are laid out (toast-space.ts).
  const { toasts } = useToasterStore();
  const shown = toasts.filter((toast) => toast.visible).length;
  useEffect(() => {
    const measure = () => makeRoomForToasts(document, '.toast');
    // Once laid out, and again when the entry animation has ended.
    const frame = requestAnimationFrame(measure);
    const settled = setTimeout(measure, toastEntryMs);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(settled);
    };
  }, [shown]);
  return (
    <Toaster
      position="bottom-center"
      toastOptions={{
        className: 'toast',
        blank: { duration: durationsMs.blank },
        error: { duration: durationsMs.error },
        success: { duration: durationsMs.success },
        loading: { duration: Infinity },
        custom: { duration: durationsMs.custom },
      }}
    />
  );
}
