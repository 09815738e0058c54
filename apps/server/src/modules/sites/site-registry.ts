import type { AdvertiserSecondFactorRule, PublicSite } from '@adboard/shared';
import { localTheme, networkTheme, nightlistTheme, velvetTheme, type SiteTheme } from './theme.js';

/**
 * The site registry of DECISIONS.md: which host serves which brand. One file,
 * so an operator adds or changes a brand here and nowhere else.
 */
export interface SiteConfig extends PublicSite {
  /** Host names (lower case, no port) that serve this site's app. */
  hosts: readonly string[];
  /**
   * Palette, fonts, type scale and logo shape (theme.ts): served as /brand.css, the logo
   * and the favicon, and inlined in the public pages. Never part of GET /api/site.
   */
  theme: SiteTheme;
  /**
   * Which advertisers must keep a second factor (staff always must): 'optional',
   * 'paid-ads' (an account with a paid ad), 'always'. docs/decisions.md, issue 27.
   */
  secondFactorForAdvertisers: AdvertiserSecondFactorRule;
}

export const DEFAULT_SITE_ID = 'network';

export const siteRegistry: readonly SiteConfig[] = [
  {
    id: 'local',
    hosts: ['localhost', '127.0.0.1', '[::1]'],
    name: 'Adboard Local',
    description: 'Local development site of the advertiser portal.',
    protocol: 'http',
    url: 'http://localhost:3000',
    contactEmail: 'support@localhost.example',
    environment: 'development',
    heading: ['Ad', 'board', ' local'],
    currency: 'USD',
    usesTier2: true,
    publicDomain: 'localhost',
    passwordMinLength: 8,
    language: 'en',
    secondFactorForAdvertisers: 'paid-ads',
    theme: localTheme,
  },
  {
    id: 'velvet',
    hosts: ['post.velvetboard.example'],
    name: 'Velvet Board',
    description: 'Companionship and entertainment listings, reviewed by people.',
    protocol: 'https',
    url: 'https://velvetboard.example',
    contactEmail: 'support@velvetboard.example',
    environment: 'production',
    heading: ['Velvet', 'Board', '.example'],
    currency: 'USD',
    usesTier2: true,
    publicDomain: 'velvetboard.example',
    passwordMinLength: 8,
    language: 'en',
    secondFactorForAdvertisers: 'paid-ads',
    theme: velvetTheme,
  },
  {
    id: 'nightlist',
    hosts: ['post.nightlist.example', 'post-v2.nightlist.example'],
    name: 'Nightlist',
    description: 'Adult entertainment classifieds for grown-ups.',
    protocol: 'https',
    url: 'https://nightlist.example',
    contactEmail: 'help@nightlist.example',
    environment: 'production',
    heading: ['Night', 'list', '.example'],
    currency: 'USD',
    usesTier2: false,
    publicDomain: 'nightlist.example',
    passwordMinLength: 8,
    language: 'en',
    secondFactorForAdvertisers: 'paid-ads',
    theme: nightlistTheme,
  },
  {
    id: DEFAULT_SITE_ID,
    hosts: [],
    name: 'Adboard Network',
    description: 'The adult classifieds network.',
    protocol: 'https',
    url: 'https://adboard-network.example',
    contactEmail: 'support@adboard-network.example',
    environment: 'production',
    heading: ['Adboard', 'Network', '.example'],
    currency: 'USD',
    usesTier2: true,
    publicDomain: 'adboard-network.example',
    passwordMinLength: 8,
    language: 'en',
    secondFactorForAdvertisers: 'paid-ads',
    theme: networkTheme,
  },
];
