import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SiteContext } from './account-deps.js';
import { deviceCookie, type DeviceAccount } from './device-cookie.js';
import type { SignInBrowser } from './login-user.js';
import type { ReauthRequest } from './reauthenticate.js';

/** What the account routes read off a request, in one place. */

/** Who asks again for a secret: the client's address and the session it holds. */
export function reauthFrom(request: FastifyRequest): ReauthRequest {
  return { ip: request.ip, sessionToken: request.actor.sessionToken, site: siteContext(request) };
}

/** The brand the request came to, and the app's origin there. */
export function siteContext(request: FastifyRequest): SiteContext {
  return { site: request.site, appOrigin: request.appOrigin };
}

/** The browser that signs in: its Cookie header (the device cookie) and User-Agent. */
export function browserOf(request: FastifyRequest): SignInBrowser {
  return { cookieHeader: request.headers.cookie, userAgent: request.headers['user-agent'] };
}

/** Sets the account's device cookie; Secure is added where every cookie gets it (http/security-headers.ts). */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  account: DeviceAccount,
  deviceId?: string,
): void {
  reply.header('set-cookie', deviceCookie(request.headers.cookie, account, deviceId));
}
