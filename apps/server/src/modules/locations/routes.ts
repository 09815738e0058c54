import { createHash } from 'node:crypto';
import {
  cityPricesEndpoint,
  listCities,
  listCountries,
  type CityOption,
  type CountryOption,
} from '@adboard/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateSource } from '../../adapters/rates/index.js';
import { route, type RouteChain } from '../../http/route.js';
import { readCityPrices } from './city-prices.js';
import { listCityRows, listCountryRows } from './location-repository.js';

/**
 * Sends the list with its ETag, or 304 when the browser already holds this exact
 * one. Answers the reply, whose promise settles once it is sent (so the chain,
 * finding it sent, leaves the answer alone).
 */
function sendCacheable(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  reply.header('ETag', etag);
  reply.header('Cache-Control', 'public, max-age=300');
  // Weak comparison (RFC 9110): a proxy that compresses the answer marks the tag weak.
  const presented = (request.headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''));
  if (presented.includes(etag) || presented.includes('*')) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

export function locationRoutes(
  app: FastifyInstance,
  deps: { routeChain: RouteChain; rates: RateSource },
): void {
  route(app, deps.routeChain, listCountries, async ({ db, request, reply }) => {
    const rows = await listCountryRows(db);
    const body: CountryOption[] = rows.map((r) => ({
      _id: { country: r.code, country_full: r.name },
    }));
    return sendCacheable(request, reply, body);
  });

  route(app, deps.routeChain, listCities, async ({ db, query, request, reply }) => {
    const { country } = query;
    const rows = await listCityRows(db, country);
    const body: CityOption[] = rows.map((r) => ({
      city: r.slug,
      city_full: r.name,
      region: r.region,
    }));
    return sendCacheable(request, reply, body);
  });

  // Prices follow the BTC rate: never cached, so the type step shows the rate of now.
  route(app, deps.routeChain, cityPricesEndpoint, async ({ db, query, request, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return readCityPrices(db, deps.rates, request.site, query);
  });
}
