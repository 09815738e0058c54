import { toastRules } from '@adboard/shared';
import { Toaster } from 'react-hot-toast';

/**
 * Toasts appear bottom-centre (SPEC.md section 2) with the durations of SPEC.md
 * section 9: blank and error 4 s, success 2 s, loading until dismissed, custom 4 s.
 * react-hot-toast's own toast limit (20) and removal delay after dismissal (1 s) are
 * already the spec's cap and delay (toastRules.maxToasts, toastRules.removeDelayMs),
 * so they are left at the library defaults.
 */
export function AppToaster() {
  const { durationsMs } = toastRules;
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
