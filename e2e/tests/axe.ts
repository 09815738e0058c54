import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type axe from 'axe-core';

/**
 * axe-core in the page, without @axe-core/playwright (it needs Node 22): the script is
 * evaluated as an expression, which the page's CSP does not govern, and it defines
 * `window.axe` for the page's current document.
 */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** What the issue asks of every screen: WCAG 2.0 and 2.1, A and AA, and axe's best practices. */
const runOptions: axe.RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  resultTypes: ['violations'],
};

/** One broken rule on one screen, with the elements that break it. */
export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
}

type AxeWindow = Window & { axe?: typeof axe };

/** Waits for the transitions and the finite animations (a toast sliding in) to end. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime));
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

/** Runs axe once on the page's document as it is now. */
async function runAxe(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => Boolean((window as AxeWindow).axe));
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async (options) => {
    const engine = (window as AxeWindow).axe;
    if (!engine) throw new Error('axe-core did not load');
    const results = await engine.run(document, options);
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String).join(' >> '),
        html: node.html.length > 160 ? `${node.html.slice(0, 157)}...` : node.html,
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
  }, runOptions);
}

/**
 * Runs axe on the page at rest and answers its violations. A violation found is looked
 * for again after the animations settle (up to twice): a toast that starts fading out
 * while axe reads the page is half transparent for a moment (its text then fails the
 * contrast rule); a real violation is found every time.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  let violations: AxeViolation[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    await settle(page);
    violations = await runAxe(page);
    if (violations.length === 0) break;
  }
  return violations;
}

/** The violations as lines a person reads in a failed test's output. */
export function describeViolations(screen: string, violations: AxeViolation[]): string {
  if (violations.length === 0) return `${screen}: no violations`;
  const lines = violations.flatMap((violation) => [
    `${screen}: ${violation.id} (${violation.impact}) ${violation.help} <${violation.helpUrl}>`,
    ...violation.nodes.map((node) => `    ${node.target}  ${node.html}\n      ${node.summary}`),
  ]);
  return lines.join('\n');
}

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * The screen as it is now, at the desktop size and at the 390 px phone size, has no
 * axe violations. A soft assertion, so that one run lists every screen's violations;
 * the page is left at the desktop size.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  for (const [name, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    // One frame for the layout of the new size.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const label = `${screen} at ${name}`;
    expect
      .soft(describeViolations(label, await axeViolations(page)), label)
      .toBe(`${label}: no violations`);
  }
  await page.setViewportSize(viewports.desktop);
}

/** axe at the page's current size: no violations (soft, so one run lists every screen). */
export async function expectNoViolations(page: Page, screen: string): Promise<void> {
  expect
    .soft(describeViolations(screen, await axeViolations(page)), screen)
    .toBe(`${screen}: no violations`);
}

/** Nothing on the page is wider than the window (soft, like the axe checks). */
export async function expectNoHorizontalOverflow(page: Page, screen: string): Promise<void> {
  const sizes = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect
    .soft(sizes.scrollWidth, `${screen}: the page is wider than the window`)
    .toBeLessThanOrEqual(sizes.innerWidth);
}
