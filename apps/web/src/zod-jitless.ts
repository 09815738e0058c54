import { config } from 'zod';

/*
 * The browser's schemas compile no code at run time: zod would otherwise probe
 * `new Function('')` as each object schema is built, and the strict CSP (no
 * 'unsafe-eval') reports that probe as a violation even though zod catches it.
 * The build puts this module in zod's own chunk (vite.config.ts), so it runs
 * before any chunk that builds a schema.
 */
config({ jitless: true });
