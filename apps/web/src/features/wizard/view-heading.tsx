import { useEffect, useRef, type ReactNode } from 'react';
import './view-heading.css';

/**
 * A view's heading. When the wizard moves to another view it takes focus, so
 * keyboard and screen-reader users start reading at the new view.
 */
export function ViewHeading({ children, focus }: { children: ReactNode; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus({ preventScroll: true });
  }, [focus]);
  return (
    <h2 className="wizard__heading" ref={ref} tabIndex={-1}>
      {children}
    </h2>
  );
}
