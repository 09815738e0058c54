import { sayingsOf } from '../../said.js';
import en from './en.js';

/**
 * The durations' texts as named ones (`Said`), without the compiled catalogue of
 * index.ts: the web app imports this, and says them with its loaded `durations` area.
 */
export const durationMessages = sayingsOf('durations', en);
