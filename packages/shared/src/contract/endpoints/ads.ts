import { z } from 'zod';
import { adListSchema } from '../../schemas/ad-list.js';
import {
  adIdSchema,
  adResultSchema,
  adSchema,
  analyticsEventBodySchema,
  createAdBodySchema,
  createAdResultSchema,
  deleteAdBodySchema,
  updateAdBodySchema,
} from '../../schemas/ads.js';
import { doneSchema } from '../../schemas/common.js';
import { endpoint } from '../endpoint.js';

const tag = 'Ads';
const idParams = z.object({ id: adIdSchema });

/** My Posts: the caller's ads on this site (SPEC.md section 7). */
export const listMyAds = endpoint({
  method: 'GET',
  path: '/api/posts',
  summary: "The signed-in advertiser's ads on this site (My Posts).",
  tag,
  access: 'user',
  responses: { 200: adListSchema },
  errors: ['unauthorized'],
});

export const createAdEndpoint = endpoint({
  method: 'POST',
  path: '/api/posts',
  summary: 'Creates an ad (signed in, or anonymously with an email); answers its edit token.',
  tag,
  access: 'anyone',
  changesAds: true,
  rateLimit: { action: 'createAd', account: 'user-or-email' },
  idempotent: true,
  body: createAdBodySchema,
  responses: { 200: createAdResultSchema },
  errors: ['refused', 'forbidden', 'conflict', 'rate_limited'],
});

export const getAd = endpoint({
  method: 'GET',
  path: '/api/post/{id}',
  summary: 'The ad as its owner sees it, with what its lifecycle allows now.',
  tag,
  access: 'ad',
  rateLimit: { action: 'adEdit' },
  params: idParams,
  responses: { 200: adSchema },
  errors: ['not_found', 'forbidden', 'rate_limited'],
});

export const updateAdEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/post',
  summary: "Saves the ad's fields; a live ad's edit waits for review.",
  tag,
  access: 'ad',
  changesAds: true,
  rateLimit: { action: 'adEdit' },
  body: updateAdBodySchema,
  responses: { 200: adResultSchema },
  errors: ['refused', 'not_found', 'forbidden', 'conflict', 'rate_limited'],
});

export const submitAdEndpoint = endpoint({
  method: 'POST',
  path: '/api/post/{id}/submit',
  summary: 'Sends a free ad (or a rejected one) for review.',
  tag,
  access: 'ad',
  changesAds: true,
  rateLimit: { action: 'adEdit' },
  params: idParams,
  responses: { 200: adResultSchema },
  errors: ['refused', 'not_found', 'forbidden', 'conflict', 'rate_limited'],
});

export const deleteAdEndpoint = endpoint({
  method: 'POST',
  path: '/api/post/delete',
  summary: 'Deletes the ad: off every page at once, personal data purged after a grace period.',
  tag,
  access: 'ad',
  changesAds: true,
  rateLimit: { action: 'adEdit' },
  body: deleteAdBodySchema,
  responses: { 200: doneSchema },
  errors: ['not_found', 'forbidden', 'conflict', 'rate_limited'],
});

export const recordEvent = endpoint({
  method: 'POST',
  path: '/api/event',
  summary: 'Records an analytics event of the browser.',
  tag,
  access: 'anyone',
  rateLimit: { action: 'event' },
  body: analyticsEventBodySchema,
  responses: { 200: doneSchema },
  errors: ['rate_limited'],
});
