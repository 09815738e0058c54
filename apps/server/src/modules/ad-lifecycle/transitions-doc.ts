import { adTransitions } from './transitions.js';

/**
 * The transition table as markdown, for docs/ARCHITECTURE.md; a test keeps
 * the document equal to this (run the test and paste its expected block).
 */
export function renderTransitionTable(): string {
  const lines = [
    '| from | event | guard | to | effects |',
    '| --- | --- | --- | --- | --- |',
    ...adTransitions.map(
      (t) =>
        `| ${t.from.join(', ')} | ${t.event} | ${t.guard?.label ?? ''} | ${t.to} | ${t.effects.join(', ')} |`,
    ),
  ];
  return lines.join('\n');
}
