import serverPackage from '../package.json' with { type: 'json' };

/** The server package's version, as a backup's manifest records it. */
export const appVersion: string = serverPackage.version;
