import { chromiumLaunch } from '../chromium.js';

/**
 * The portal's host of each brand and the host of one of its city pages.
 *
 * Chromium resolves `*.localhost` itself; the other brands' names are mapped to this
 * machine (brandLaunchOptions), so each request carries the brand's real Host header.
 */
export const brandHosts = [
  { id: 'local', app: 'localhost', city: 'toronto.localhost' },
  { id: 'velvet', app: 'post.velvetboard.example', city: 'toronto.velvetboard.example' },
  { id: 'nightlist', app: 'post.nightlist.example', city: 'toronto.nightlist.example' },
  // The network brand answers any host nobody configured.
  { id: 'network', app: 'adboard-network.example', city: 'toronto.adboard-network.example' },
] as const;

/** Chromium as every test launches it, with the brands' names mapped to this machine. */
export const brandLaunchOptions = {
  ...chromiumLaunch,
  args: [
    ...chromiumLaunch.args,
    '--host-resolver-rules=MAP *.velvetboard.example 127.0.0.1, MAP *.nightlist.example 127.0.0.1, MAP adboard-network.example 127.0.0.1, MAP *.adboard-network.example 127.0.0.1',
  ],
};
