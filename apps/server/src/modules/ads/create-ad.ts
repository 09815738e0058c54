import { adLimits, adMessages, recipientLanguage, type CreateAdBody } from '@adboard/shared';
import type { z } from 'zod';
import type { createAdBodySchema } from '@adboard/shared';
import type { Tx } from '../../db/database.js';
import { ValidationError } from '../../domain/errors.js';
import { hashToken, newToken } from '../accounts/secrets.js';
import { normalizeEmail } from '../accounts/users.js';
import {
  claimIdempotencyKey,
  recordIdempotentAnswer,
  type IdempotencyRequest,
} from '../idempotency/idempotency.js';
import { initialAdStatus } from '../ad-lifecycle/apply-ad-event.js';
import { enqueueMessage } from '../outbox/enqueue-message.js';
import type { AdContext, AdDeps } from './ad-deps.js';
import {
  backlinkTakenError,
  ensureBacklinkFree,
  isBacklinkTaken,
  prepareAdColumns,
} from './ad-input.js';
import { adCreatedMail } from './ad-mails.js';
import { insertAd } from './ad-repository.js';
import { createdAdAnswer } from './created-ad-answer.js';

type CreateInput = z.output<typeof createAdBodySchema>;
export type { CreateAdBody };

/**
 * Creates an ad for the signed-in user, or anonymously for an email. Either
 * way it answers the ad's edit token (only its hash is stored) and mails the
 * activation link; an anonymous poster also gets the edit link and the link
 * to own the ad with an account. With an Idempotency-Key, the same key answers
 * the same ad and token and creates nothing more.
 */
export async function createAd(
  tx: Tx,
  deps: AdDeps,
  ctx: AdContext,
  body: CreateInput,
  idempotency: IdempotencyRequest | null = null,
): Promise<{ post_id: string; token: string }> {
  const email = ctx.user ? ctx.user.email : body.email;
  if (!email) {
    throw new ValidationError(adMessages.form.email, { email: adMessages.form.email });
  }
  const columns = await prepareAdColumns(tx.db, body);
  const editToken = newToken();
  const activationToken = newToken();
  const now = new Date();
  const editTokenExpiresAt = new Date(now.getTime() + adLimits.editLinkDays * 86_400_000);
  try {
    const replay = await claimIdempotencyKey(tx, idempotency, createdAdAnswer);
    if (replay) return replay.answer;
    await ensureBacklinkFree(tx.db, columns.backlinkKey, null);
    const status = await initialAdStatus(tx, {
      type: body.type,
      emailNormalized: normalizeEmail(email),
      phoneE164: columns.phoneE164,
    });
    const adId = await insertAd(tx.db, {
      ...columns,
      siteId: ctx.site.id,
      ownerId: ctx.user?.id ?? null,
      language: ctx.language,
      email,
      emailNormalized: normalizeEmail(email),
      type: body.type,
      status,
      paid: false,
      approved: false,
      emailVerifiedAt: ctx.user ? now : null,
      editTokenHash: hashToken(editToken),
      editTokenExpiresAt,
      activationTokenHash: hashToken(activationToken),
    });
    const origin = ctx.appOrigin;
    const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
    // The poster's language: their account's, else the one they post in.
    const language = recipientLanguage({
      account: ctx.user?.language,
      ad: ctx.language,
      brand: ctx.site.language,
    });
    const mail = adCreatedMail(ctx.site, language, {
      adId: String(adId),
      activationLink: `${origin}/activate?${q({ email, token: activationToken, id: String(adId) })}`,
      editLink: ctx.user ? null : `${origin}/edit-post?${q({ id: String(adId), edit: editToken })}`,
      registerLink: ctx.user
        ? null
        : `${origin}/completeregistration?${q({ email, edit: editToken })}`,
    });
    await enqueueMessage(tx, deps.queue, {
      channel: 'email',
      kind: 'ad_created',
      siteId: ctx.site.id,
      to: email,
      ...mail,
      // The poster is told to check their mail for the activation link next.
      waitedFor: true,
      // An anonymous poster's mail carries the edit link, which ends with its token.
      ...(ctx.user ? {} : { expiresAt: editTokenExpiresAt }),
    });
    const created = { post_id: String(adId), token: editToken };
    return await recordIdempotentAnswer(tx, idempotency, createdAdAnswer, created);
  } catch (error) {
    if (isBacklinkTaken(error)) throw backlinkTakenError();
    throw error;
  }
}
