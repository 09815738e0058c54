import { useId, type ReactNode } from 'react';

interface ScreenCardProps {
  title: string;
  children: ReactNode;
  /** Narrow cards hold the account forms; wide ones hold lists. */
  width?: 'narrow' | 'wide';
}

/** A screen's main card with its heading. */
export function ScreenCard({ title, children, width = 'narrow' }: ScreenCardProps) {
  const headingId = useId();
  return (
    <section className={`card card--${width}`} aria-labelledby={headingId}>
      <h1 className="card__title" id={headingId}>
        {title}
      </h1>
      {children}
    </section>
  );
}
