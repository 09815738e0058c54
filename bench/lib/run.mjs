// The frame every benchmark script shares: its command line, clean-up that runs
// whatever ends the run (success, failure, Ctrl-C), small timing helpers.

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A time limit to race against something (a process's exit): unlike `sleep`, its
 * timer does not keep the bench's process alive once the race is won (a smoke run
 * otherwise lingered the limit's full minute after its server had stopped).
 */
export const timeLimit = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Seconds since `since` (a performance.now() value), for progress lines. */
export const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * The command line: `allowed` matches every accepted argument (a whole
 * argument such as `--duration=\d+`); anything else prints `usage` and exits 2.
 */
export function parseArgs(allowed, usage) {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => !allowed.test(a));
  if (unknown.length > 0) {
    console.error(`unknown argument(s): ${unknown.join(' ')}`);
    console.error(`usage: ${usage}`);
    process.exit(2);
  }
  return {
    flag: (name) => args.includes(`--${name}`),
    option: (name, fallback) => {
      const hit = args.find((a) => a.startsWith(`--${name}=`));
      return hit ? hit.slice(name.length + 3) : fallback;
    },
  };
}

const cleanupSteps = [];
const interruptHooks = [];
let cleanupPromise = null;

/** The run was stopped by a signal; long loops check this between steps. */
export const state = { interrupted: false };

/** Registers a clean-up step; they run once, in reverse order of registration. */
export function defer(step) {
  cleanupSteps.push(step);
}

/** Called first on SIGINT/SIGTERM, e.g. to stop a running load generator. */
export function onInterrupt(hook) {
  interruptHooks.push(hook);
}

function cleanup() {
  cleanupPromise ??= (async () => {
    for (const step of cleanupSteps.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return cleanupPromise;
}

/** Runs `main`, reports a failure (exit code 1) and cleans up in every case. */
export async function runBench(main) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the bench and cleaning up ...`);
      state.interrupted = true;
      for (const hook of interruptHooks) hook();
      cleanup().finally(() => process.exit(130));
    });
  }
  try {
    await main();
  } catch (error) {
    console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
}
