interface SpinnerProps {
  /** Accessible name of the status region. */
  label?: string;
  /** Covers the screen area it sits in (My Posts while loading). */
  overlay?: boolean;
  /** Centers the spinner in the whole viewport (app start). */
  fullPage?: boolean;
}

export function Spinner({ label = 'Loading', overlay = false, fullPage = false }: SpinnerProps) {
  const className = ['spinner', overlay && 'spinner--overlay', fullPage && 'spinner--page']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className} role="status" aria-label={label}>
      <span className="spinner__ring" aria-hidden="true" />
    </div>
  );
}
