import { z } from 'zod';
import { languages } from '../i18n/languages.js';

/** The part of a site's configuration the browser may see (GET /api/site). */
export const publicSiteSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  protocol: z.enum(['http', 'https']),
  url: z.string(),
  contactEmail: z.string(),
  environment: z.enum(['development', 'production']),
  heading: z.tuple([z.string(), z.string(), z.string()]),
  currency: z.string(),
  usesTier2: z.boolean(),
  publicDomain: z.string(),
  passwordMinLength: z.number().int(),
  /** The brand's default language: what its pages speak when nothing else chooses (issue 30). */
  language: z.enum(languages),
});
export type PublicSite = z.infer<typeof publicSiteSchema>;
