import { afterEach, describe, expect, it } from 'vitest';
import { evaluateInTurn } from './evaluate-in-turn';

/** What the scripts and the event loop did, in order. */
const log: string[] = [];
declare global {
  var evaluateInTurnLog: string[];
}
globalThis.evaluateInTurnLog = log;

function page(...sources: string[]): Document {
  const doc = document.implementation.createHTMLDocument();
  for (const source of sources) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = `data:text/javascript,${encodeURIComponent(source)}`;
    doc.head.append(link);
  }
  return doc;
}

const script = (name: string) => `globalThis.evaluateInTurnLog.push(${JSON.stringify(name)});`;

afterEach(() => {
  log.length = 0;
});

describe('evaluateInTurn: the page’s scripts, one per task', () => {
  it('runs each named script once, in the order the page names them', async () => {
    await evaluateInTurn(page(script('zod'), script('app'), script('screen')));
    expect(log).toEqual(['zod', 'app', 'screen']);
  });

  it('lets the event loop turn between two scripts', async () => {
    // A task the first script queues (a message, as a click or a paint would be) runs
    // before the second script.
    const first =
      `${script('first')} const c = new MessageChannel();` +
      ` c.port1.onmessage = () => { c.port1.close(); globalThis.evaluateInTurnLog.push('task'); };` +
      ` c.port2.postMessage(null);`;
    await evaluateInTurn(page(first, script('second')));
    expect(log).toEqual(['first', 'task', 'second']);
  });

  it('stops at a script that fails, without throwing: the app reports it when it loads it', async () => {
    await expect(
      evaluateInTurn(page(script('one'), 'throw new Error("broken")', script('never'))),
    ).resolves.toBeUndefined();
    expect(log).toEqual(['one']);
  });
});
