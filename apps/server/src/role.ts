/**
 * What one server process runs. The same code runs a small site as one process
 * (`npm start`: both) and a large one as N web processes (`npm run web`, or
 * `--web`) and M workers (`npm run worker`, or `--worker`) on one database.
 *
 * - web: the HTTP site and API. It sends jobs (in the transactions that call
 *   for them) and runs none.
 * - jobs: the pg-boss job workers and their schedules, the outbox dispatcher
 *   (mail and SMS) and the payment watcher. Any number of processes may run
 *   them: pg-boss hands each job to one worker, the outbox and the watcher
 *   claim their rows with SKIP LOCKED, and a payment is credited in a
 *   transaction that locks its order (docs/decisions.md, Processes and roles).
 */
export interface Role {
  web: boolean;
  jobs: boolean;
}

/** What a worker logs once it runs (`npm run worker`). */
export const WORKER_RUNNING =
  'worker running: background jobs, mail and SMS delivery, payment checks (no HTTP)';
/** What a web-only process logs once it serves: nothing in it sends mail or checks payments. */
export const JOBS_ELSEWHERE =
  'jobs do not run in this process: mail, SMS and payment checks wait for a worker (npm run worker) on the same database';

export class RoleError extends Error {
  override name = 'RoleError';
}

/** The role `--web`, `--worker` or neither ask for; RUN_JOBS=false reads as `--web`. */
export function roleOf(args: readonly string[], runJobs: boolean): Role {
  const unknown = args.filter((arg) => arg !== '--web' && arg !== '--worker');
  if (unknown.length > 0) {
    throw new RoleError(
      `unknown argument ${unknown.join(' ')} (--web runs the site only, --worker the jobs only, neither runs both; --migrate applies the migrations and ends)`,
    );
  }
  const web = args.includes('--web');
  const worker = args.includes('--worker');
  if (web && worker) {
    throw new RoleError('--web and --worker together: start neither to run both in one process');
  }
  if (worker && !runJobs) {
    throw new RoleError('--worker runs the jobs only, and RUN_JOBS=false turns them off');
  }
  if (worker) return { web: false, jobs: true };
  if (web) return { web: true, jobs: false };
  return { web: true, jobs: runJobs };
}
