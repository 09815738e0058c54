import {
  intlLocales,
  sayIn,
  type Said,
  type SecurityEventKind,
  accountMessages,
  fallbackLanguage,
  limits,
  type Language,
  type StaffRole,
} from '@adboard/shared';
import type { SiteConfig } from '../sites/site-registry.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Turns the (already escaped) web addresses of a paragraph into links. */
function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * Every mail shares the brand's frame, so a brand changes it in one place. `language`
 * is the one its texts are written in, which the document declares.
 */
export function brandedMail(
  site: SiteConfig,
  subject: string,
  paragraphs: string[],
  link?: string,
  language: Language = fallbackLanguage,
): MailContent {
  const footer = `${site.name} · ${site.contactEmail}`;
  const fullSubject = `${subject} · ${site.name}`;
  const text = [...paragraphs, ...(link ? [link] : []), '', '--', footer].join('\n\n');
  const html = [
    // A whole document (the W3C validator's rules): its language, charset and title.
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(fullSubject)}</title></head>`,
    '<body style="font-family:sans-serif;color:#222">',
    `<h2>${escapeHtml(site.heading.join(''))}</h2>`,
    ...paragraphs.map((p) => `<p>${linkify(escapeHtml(p))}</p>`),
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : '',
    `<hr><p style="font-size:12px;color:#666">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: fullSubject, text, html };
}

export function verificationCodeMail(site: SiteConfig, code: string): MailContent {
  return brandedMail(site, `Your verification code: ${code}`, [
    `Your ${site.name} verification code is ${code}.`,
    `Enter it on the verification page to confirm your email address. It expires in ${limits.verificationCodeTtlMinutes} minutes.`,
    'If you did not register, you can ignore this message.',
  ]);
}

export function passwordResetMail(site: SiteConfig, link: string): MailContent {
  return brandedMail(
    site,
    'Reset your password',
    [
      `Someone asked to reset the password of your ${site.name} account.`,
      `Open this link within ${limits.passwordResetTtlMinutes} minutes to choose a new password. It works once.`,
      'If it was not you, ignore this message: your password stays the same.',
    ],
    link,
  );
}

/** The owner of a staff account made at the command line chooses its password through the link. */
export function staffInvitationMail(site: SiteConfig, role: StaffRole, link: string): MailContent {
  const what = role === 'admin' ? 'administrator' : 'moderator';
  return brandedMail(
    site,
    `Your ${what} account`,
    [
      `The operators of ${site.name} made you a ${what} account with this email address.`,
      `Open this link within ${limits.passwordResetTtlMinutes} minutes to choose your password. It works once.`,
      `If it has expired, ask for a new one with "Forgot password" on the login page. Then sign in and open the moderation console at /admin.`,
    ],
    link,
  );
}

export function alreadyRegisteredMail(site: SiteConfig, forgotLink: string): MailContent {
  return brandedMail(
    site,
    'You already have an account',
    [
      `Someone tried to register on ${site.name} with this email address, which already has an account.`,
      'If it was you, log in, or reset your password if you forgot it:',
    ],
    forgotLink,
  );
}

const notices = accountMessages.mail;

/**
 * An account's notice in the brand's language (until the account keeps its own): the
 * subject and each line named in the catalogue, said in one language.
 */
function noticeMail(site: SiteConfig, subject: Said, lines: readonly Said[]): MailContent {
  const language = site.language;
  const say = (text: Said) => sayIn(language, text);
  return brandedMail(site, say(subject), lines.map(say), undefined, language);
}

/** To the deleted account: what came down, and the day its personal data is erased. */
export function accountDeletedMail(site: SiteConfig, eraseFrom: Date): MailContent {
  const eraseDate = eraseFrom.toLocaleDateString(intlLocales[site.language], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const { subject, lines } = notices.accountDeleted;
  return noticeMail(site, subject, [
    lines.deleted({ site: site.name }),
    lines.erased({ eraseDate }),
    lines.refund,
    lines.notYou,
  ]);
}

/** To the account: its password was changed on the account page. */
export function passwordChangedMail(site: SiteConfig): MailContent {
  const { subject, lines } = notices.passwordChanged;
  return noticeMail(site, subject, [lines.changed({ site: site.name }), lines.notYou]);
}

/** To the new address of an email change: the code that confirms it. */
export function emailChangeCodeMail(site: SiteConfig, code: string): MailContent {
  const { subject, lines } = notices.emailChangeCode;
  return noticeMail(site, subject({ code }), [
    lines.asked({ site: site.name, code }),
    lines.confirm({ minutes: limits.verificationCodeTtlMinutes }),
    lines.notYou,
  ]);
}

/** To a new address another account already uses: no code, nothing changes. */
export function emailChangeTakenMail(site: SiteConfig): MailContent {
  const { subject, lines } = notices.emailChangeTaken;
  return noticeMail(site, subject, [lines.asked({ site: site.name }), lines.ifYou]);
}

/** To the old address: a change to `newEmail` was asked for and waits for its code. */
export function emailChangeRequestedMail(site: SiteConfig, newEmail: string): MailContent {
  const { subject, lines } = notices.emailChangeRequested;
  return noticeMail(site, subject, [lines.asked({ site: site.name, newEmail }), lines.notYou]);
}

/** To the old address: the account's email is now `newEmail`. */
export function emailChangedMail(site: SiteConfig, newEmail: string): MailContent {
  const { subject, lines } = notices.emailChanged;
  return noticeMail(site, subject, [lines.changed({ site: site.name, newEmail }), lines.notYou]);
}

/** A security change's notice (issue 27): the kind, the detail a person reads, if it was not them. */
export function securityNoticeMail(
  site: SiteConfig,
  kind: SecurityEventKind,
  detail: string | null,
): MailContent {
  const notice = accountMessages.securityNotice;
  return noticeMail(site, notice.subject, [
    notice.intro({ site: site.name }),
    notice.kinds[kind],
    ...(detail ? [notice.detail({ detail })] : []),
    notice.notYou,
  ]);
}
