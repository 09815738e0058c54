import type pg from 'pg';

/** The jobs of one name not yet taken by a worker. */
export interface WaitingJobs {
  job: string;
  /** Due now and waiting for a worker. */
  waiting: number;
  /** Sent with a delay (a purge days ahead) or waiting for their next retry. */
  later: number;
  /** How long the longest-waiting due job has been due, in whole seconds (0 when none is). */
  oldestWaitingSeconds: number;
}

/**
 * One query over pg-boss's job table (pg-boss 12: schema `pgboss`, table `job`,
 * states `created` and `retry` before a worker takes a job as `active`). A job is
 * due from its `start_after`: its creation, or the moment a delay or a retry set.
 */
export async function readWaitingJobs(pool: pg.Pool): Promise<WaitingJobs[]> {
  const { rows } = await pool.query<{
    job: string;
    waiting: number;
    later: number;
    oldest: number;
  }>(
    `SELECT name AS job,
       count(*) FILTER (WHERE start_after <= now())::int AS waiting,
       count(*) FILTER (WHERE start_after > now())::int AS later,
       coalesce(floor(extract(epoch FROM now() - min(start_after) FILTER (WHERE start_after <= now()))), 0)::int AS oldest
     FROM pgboss.job
     WHERE state IN ('created', 'retry')
     GROUP BY name
     ORDER BY name`,
  );
  return rows.map((row) => ({
    job: row.job,
    waiting: row.waiting,
    later: row.later,
    oldestWaitingSeconds: row.oldest,
  }));
}
