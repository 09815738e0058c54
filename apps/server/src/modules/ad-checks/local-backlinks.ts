import { publicOrThisMachine } from './address-policy.js';
import {
  createBacklinkChecker,
  systemLookup,
  type BacklinkChecker,
  type HostLookup,
} from './backlink-checker.js';

/** The reserved testing domain (RFC 6761): no name under it exists on the internet. */
const TEST_DOMAIN = '.test';

/** Names under `.test` are this machine (127.0.0.1); every other name goes to `next`. */
export function testNamesOnThisMachine(next: HostLookup): HostLookup {
  return async (hostname) =>
    hostname.toLowerCase().replace(/\.$/, '').endsWith(TEST_DOMAIN)
      ? [{ address: '127.0.0.1', family: 4 }]
      : next(hostname);
}

/**
 * The backlink checker of DEV_LOCAL_BACKLINKS (development only; config.ts refuses it in
 * production): a page served on this machine, written as `http://my-site.test:8080/`,
 * counts as the advertiser's site, so the free type can be tried offline. The URL
 * rule still refuses 127.0.0.1 and localhost written out.
 */
export function createLocalBacklinkChecker(): BacklinkChecker {
  return createBacklinkChecker({
    policy: publicOrThisMachine,
    lookup: testNamesOnThisMachine(systemLookup),
  });
}
