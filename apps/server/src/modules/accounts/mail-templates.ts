import {
  dateFormatsFor,
  mailMessages,
  sayIn,
  type SecurityEventKind,
  accountMessages,
  limits,
  type Language,
  type StaffRole,
  type Text,
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
 * Every mail shares the brand's frame, so a brand changes it in one place. Its texts
 * are said in `language`, the reader's, which the document declares: a named text
 * (`Said`) in that language, plain words (a link, a moderator's own) as they are.
 */
export function brandedMail(
  site: SiteConfig,
  language: Language,
  subject: Text,
  paragraphs: readonly Text[],
  link?: string,
): MailContent {
  const say = (text: Text) => sayIn(language, text);
  const lines = paragraphs.map(say);
  const footer = `${site.name} · ${site.contactEmail}`;
  const fullSubject = `${say(subject)} · ${site.name}`;
  const text = [...lines, ...(link ? [link] : []), '', '--', footer].join('\n\n');
  const html = [
    // A whole document (the W3C validator's rules): its language, charset and title.
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(fullSubject)}</title></head>`,
    '<body style="font-family:sans-serif;color:#222">',
    `<h2>${escapeHtml(site.heading.join(''))}</h2>`,
    ...lines.map((p) => `<p>${linkify(escapeHtml(p))}</p>`),
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : '',
    `<hr><p style="font-size:12px;color:#666">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: fullSubject, text, html };
}

const mailDates = dateFormatsFor({
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day as a reader of `language` writes it in full ('January 3, 2030'), in UTC. */
export function mailDate(date: Date, language: Language): string {
  return mailDates(language).format(date);
}

const mails = mailMessages;

export function verificationCodeMail(
  site: SiteConfig,
  language: Language,
  code: string,
): MailContent {
  const { subject, lines } = mails.verificationCode;
  return brandedMail(site, language, subject({ code }), [
    lines.code({ site: site.name, code }),
    lines.enter({ minutes: limits.verificationCodeTtlMinutes }),
    lines.notYou,
  ]);
}

export function passwordResetMail(site: SiteConfig, language: Language, link: string): MailContent {
  const { subject, lines } = mails.passwordReset;
  return brandedMail(
    site,
    language,
    subject,
    [
      lines.asked({ site: site.name }),
      lines.open({ minutes: limits.passwordResetTtlMinutes }),
      lines.notYou,
    ],
    link,
  );
}

/** The owner of a staff account made at the command line chooses its password through the link. */
export function staffInvitationMail(
  site: SiteConfig,
  language: Language,
  role: StaffRole,
  link: string,
): MailContent {
  const { subject, lines } = mails.staffInvitation;
  return brandedMail(
    site,
    language,
    subject({ role }),
    [
      lines.made({ site: site.name, role }),
      lines.open({ minutes: limits.passwordResetTtlMinutes }),
      lines.expired,
    ],
    link,
  );
}

export function alreadyRegisteredMail(
  site: SiteConfig,
  language: Language,
  forgotLink: string,
): MailContent {
  const { subject, lines } = mails.alreadyRegistered;
  return brandedMail(
    site,
    language,
    subject,
    [lines.tried({ site: site.name }), lines.ifYou],
    forgotLink,
  );
}

const notices = accountMessages.mail;

/** To the deleted account: what came down, and the day its personal data is erased. */
export function accountDeletedMail(
  site: SiteConfig,
  language: Language,
  eraseFrom: Date,
): MailContent {
  const eraseDate = mailDate(eraseFrom, language);
  const { subject, lines } = notices.accountDeleted;
  return brandedMail(site, language, subject, [
    lines.deleted({ site: site.name }),
    lines.erased({ eraseDate }),
    lines.refund,
    lines.notYou,
  ]);
}

/** To the account: its password was changed on the account page. */
export function passwordChangedMail(site: SiteConfig, language: Language): MailContent {
  const { subject, lines } = notices.passwordChanged;
  return brandedMail(site, language, subject, [lines.changed({ site: site.name }), lines.notYou]);
}

/** To the new address of an email change: the code that confirms it. */
export function emailChangeCodeMail(
  site: SiteConfig,
  language: Language,
  code: string,
): MailContent {
  const { subject, lines } = notices.emailChangeCode;
  return brandedMail(site, language, subject({ code }), [
    lines.asked({ site: site.name, code }),
    lines.confirm({ minutes: limits.verificationCodeTtlMinutes }),
    lines.notYou,
  ]);
}

/** To a new address another account already uses: no code, nothing changes. */
export function emailChangeTakenMail(site: SiteConfig, language: Language): MailContent {
  const { subject, lines } = notices.emailChangeTaken;
  return brandedMail(site, language, subject, [lines.asked({ site: site.name }), lines.ifYou]);
}

/** To the old address: a change to `newEmail` was asked for and waits for its code. */
export function emailChangeRequestedMail(
  site: SiteConfig,
  language: Language,
  newEmail: string,
): MailContent {
  const { subject, lines } = notices.emailChangeRequested;
  return brandedMail(site, language, subject, [
    lines.asked({ site: site.name, newEmail }),
    lines.notYou,
  ]);
}

/** To the old address: the account's email is now `newEmail`. */
export function emailChangedMail(
  site: SiteConfig,
  language: Language,
  newEmail: string,
): MailContent {
  const { subject, lines } = notices.emailChanged;
  return brandedMail(site, language, subject, [
    lines.changed({ site: site.name, newEmail }),
    lines.notYou,
  ]);
}

/** A security change's notice (issue 27): the kind, the detail a person reads, if it was not them. */
export function securityNoticeMail(
  site: SiteConfig,
  language: Language,
  kind: SecurityEventKind,
  detail: string | null,
): MailContent {
  const notice = accountMessages.securityNotice;
  return brandedMail(site, language, notice.subject, [
    notice.intro({ site: site.name }),
    notice.kinds[kind],
    ...(detail ? [notice.detail({ detail })] : []),
    notice.notYou,
  ]);
}
