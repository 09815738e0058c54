import { fileURLToPath } from 'node:url';

/** Beside this module in the source tree, and copied beside the bundle by the build. */
export const migrationsDir = fileURLToPath(new URL('./migrations', import.meta.url));
