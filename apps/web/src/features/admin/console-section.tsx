import { useId, type ReactNode } from 'react';

/** A titled part of a console screen (a landmark named by its heading). */
export function ConsoleSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="console__section" aria-labelledby={headingId}>
      <h2 className="console__heading" id={headingId}>
        {title}
      </h2>
      {children}
    </section>
  );
}
