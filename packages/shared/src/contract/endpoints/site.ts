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
