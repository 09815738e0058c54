import type { BadgeTone } from '@adboard/shared';
import './badge.css';

/** A small pill; the tone follows SPEC.md section 4 (success, warning, danger, default). */
export function Badge({ tone, children }: { tone: BadgeTone; children: string }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
