import { publicSiteSchema } from '../../schemas/site.js';
import { endpoint } from '../endpoint.js';

export const getSiteEndpoint = endpoint({
  method: 'GET',
  path: '/api/site',
  summary: "The public part of the site's configuration (the brand the request's host names).",
  tag: 'Site',
  access: 'anyone',
  responses: { 200: publicSiteSchema },
  errors: [],
});

/**
 * The id of the JSON data block in which the app's page carries this endpoint's answer
 * (the server writes it into index.html; the app reads it instead of calling).
 */
export const siteDataElementId = 'site-data';
