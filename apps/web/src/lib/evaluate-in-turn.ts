/**
 * The page's scripts, run one per task. The server names the scripts of the
 * address's screens in the page (`<link rel="modulepreload">`, each after the
 * ones it imports: http/route-assets.ts on the server, route-assets.ts of the
 * build), so the browser has them all fetched early. Importing them one at a
 * time, with a turn of the event loop between, keeps each file's start-up work
 * (the contract's schemas are built as their files run) a short task of its own
 * instead of one long task that holds the page's main thread: the browser can
 * paint and answer input between them.
 */
export async function evaluateInTurn(doc: Document = document): Promise<void> {
  const links = doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]');
  for (const link of links) {
    try {
      await import(/* @vite-ignore */ link.href);
    } catch {
      // A script that did not load: the app's own import of it (start.tsx, the
      // screen's lazy load) reports it the way it reports any failed load.
      return;
    }
    await nextTask();
  }
}

/** Resolves in a task of its own, after what is already queued (input, paint). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
