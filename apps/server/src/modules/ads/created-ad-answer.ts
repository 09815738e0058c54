import { z } from 'zod';
import type { IdempotentAnswer } from '../idempotency/idempotency.js';

export interface CreatedAd {
  post_id: string;
  token: string;
}

const keptSchema = z.object({ post_id: z.string() });

/**
 * What a repeated POST /api/posts answers: the same ad and the same edit token.
 * The id is kept in plain; the token, a secret, only sealed.
 */
export const createdAdAnswer: IdempotentAnswer<CreatedAd> = {
  keep: (created) => ({ result: { post_id: created.post_id }, secret: created.token }),
  answerAgain: ({ result, secret }) => {
    if (secret === null) throw new Error('a created ad is kept with its token');
    return { post_id: keptSchema.parse(result).post_id, token: secret };
  },
};
