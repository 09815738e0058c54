import { z } from 'zod';
import { durationIds } from '../ad-options.js';
import { adFieldRules } from './ads.js';
import { citiesQuerySchema, countryCodeSchema } from './locations.js';

/**
 * The advertiser's journey (issue 16): the prices of a city before an ad exists,
 * and what an ad's mails hold with how long each link and code lasts. The server
 * answers both from its own rules; the browser never copies a price or a lifetime.
 */

/** GET /api/prices?country=US&city=las-vegas */
export const cityPricesQuerySchema = z.object({
  // The same field as the cities' query: one rule for a country in a query.
  country: citiesQuerySchema.shape.country,
  city: adFieldRules.city,
});
export type CityPricesQuery = z.input<typeof cityPricesQuerySchema>;

export const pricedOptionSchema = z.object({
  /** The option's duration; its words are the catalogue's (`durationSaid`), in the reader's language. */
  id: z.enum(durationIds),
  days: z.number().int().positive(),
  /** Fiat amount with two decimals, in the answer's currency: '14.00'. */
  amount: z.string(),
  /** The BTC it comes to at the current rate (8 decimals, rounded up as orders are); null without a rate. */
  btc: z.string().nullable(),
});
export type PricedOption = z.infer<typeof pricedOptionSchema>;

export const cityPricesSchema = z.object({
  country: countryCodeSchema,
  city: z.string(),
  /** The site's fiat currency ('USD'). */
  currency: z.string(),
  tier: z.union([z.literal(1), z.literal(2)]),
  /** The BTC rate the BTC amounts use; null when no rate can be had now. */
  rate: z
    .object({
      /** Fiat per BTC, two decimals. */
      value: z.string(),
      at: z.string(),
    })
    .nullable(),
  /** The options of each paid product for this city, as an order would charge them. */
  products: z.object({
    paid: z.array(pricedOptionSchema),
    premium: z.array(pricedOptionSchema),
  }),
});
export type CityPrices = z.infer<typeof cityPricesSchema>;

export const activationLinkKinds = ['activation', 'edit', 'account'] as const;
export type ActivationLinkKind = (typeof activationLinkKinds)[number];

/** GET /api/post/{id}/activation: what happens after an ad is posted. */
export const adActivationSchema = z.object({
  /** The exact address the ad's mails went to. */
  email: z.string(),
  /** Posted without an account: the mail also holds the edit link and the account link. */
  anonymous: z.boolean(),
  /** The links of the ad's mail, in the order the mail names them, with how long each works. */
  links: z.array(
    z.object({
      kind: z.enum(activationLinkKinds),
      validDays: z.number().int().positive(),
      /** When the link stops working (ISO 8601). */
      expiresAt: z.string(),
    }),
  ),
  /** The code texted once the activation link is opened. */
  sms: z.object({
    phoneKnown: z.boolean(),
    codeValidMinutes: z.number().int().positive(),
    resendWaitSeconds: z.number().int().nonnegative(),
    codesPerHour: z.number().int().positive(),
  }),
  verified_email: z.boolean(),
  verified_phone: z.boolean(),
});
export type AdActivation = z.infer<typeof adActivationSchema>;
