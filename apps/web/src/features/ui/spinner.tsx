import { frameText } from '../../i18n/areas';
import { useLanguage } from '../../i18n/language-context';
import { readyArea } from '../../i18n/text-store';

interface SpinnerProps {
  /** Accessible name of the status region; by default the frame's 'Loading'. */
  label?: string;
  /** Covers the screen area it sits in (My Posts while loading). */
  overlay?: boolean;
  /** Centers the spinner in the whole viewport (app start). */
  fullPage?: boolean;
}

export function Spinner({ label, overlay = false, fullPage = false }: SpinnerProps) {
  // Often a Suspense fallback while a screen's texts load: the frame's are loaded before
  // the first paint (start.tsx), read without waiting.
  const frame = readyArea(frameText, useLanguage().language);
  const className = ['spinner', overlay && 'spinner--overlay', fullPage && 'spinner--page']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className} role="status" aria-label={label ?? frame?.loading}>
      <span className="spinner__ring" aria-hidden="true" />
    </div>
  );
}
