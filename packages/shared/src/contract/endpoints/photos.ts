import { z } from 'zod';
import { adIdSchema, photoActionBodySchema, photoListSchema } from '../../schemas/ads.js';
import { photoMessages } from '../../i18n/catalogues/photos/index.js';
import { tagsOf } from '../../i18n/said.js';
import { photoSlots } from '../../verification-photo.js';
import { endpoint } from '../endpoint.js';

const tag = 'Photos';
const photoTags = tagsOf(photoMessages);
const idParams = z.object({ id: adIdSchema });

/**
 * Where the upload goes, said explicitly: the public photos (the default), or the
 * verification photo of a free verified ad (one file; it replaces the one before).
 */
export const uploadPhotosQuerySchema = z.object({
  slot: z.enum(photoSlots, { error: photoTags.unknownSlot }).default('public'),
});

/** Multipart: the handler reads the file parts itself; answers the whole list. */
export const uploadPhotosEndpoint = endpoint({
  method: 'POST',
  path: '/api/post/{id}/photos',
  summary:
    "Adds the uploaded images to the ad's public photos, or with slot=verification makes the one image its verification photo (never public).",
  tag,
  access: 'ad',
  changesAds: true,
  rateLimit: { action: 'adEdit' },
  idempotent: true,
  raw: 'multipart',
  params: idParams,
  query: uploadPhotosQuerySchema,
  responses: { 200: photoListSchema },
  errors: ['refused', 'not_found', 'forbidden', 'conflict', 'rate_limited', 'unavailable'],
});

export const makePhotoPrimary = endpoint({
  method: 'POST',
  path: '/photo/primary',
  summary: "Makes the photo the ad's primary one; answers the whole list.",
  tag,
  access: 'ad',
  changesAds: true,
  rateLimit: { action: 'adEdit' },
  body: photoActionBodySchema,
  responses: { 200: photoListSchema },
  errors: ['refused', 'not_found', 'forbidden', 'rate_limited'],
});

export const deletePhoto = endpoint({
  method: 'POST',
  path: '/photo/delete',
  summary: 'Deletes the photo (the next one becomes primary); answers the whole list.',
  tag,
  access: 'ad',
  changesAds: true,
  rateLimit: { action: 'adEdit' },
  body: photoActionBodySchema,
  responses: { 200: photoListSchema },
  errors: ['not_found', 'forbidden', 'rate_limited'],
});

export const chooseVerificationPhoto = endpoint({
  method: 'POST',
  path: '/photo/verification',
  summary:
    'Free verified ads: moves a public photo into the empty verification slot (it is then never public); answers the whole list.',
  tag,
  access: 'ad',
  changesAds: true,
  rateLimit: { action: 'adEdit' },
  body: photoActionBodySchema,
  responses: { 200: photoListSchema },
  errors: ['refused', 'not_found', 'forbidden', 'conflict', 'rate_limited', 'unavailable'],
});
