/** The headers and body of one MIME entity (a whole mail or one of its parts). */
function splitEntity(raw: string): { headers: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: raw, body: '' };
  const gap = /\r?\n\r?\n/.exec(raw.slice(at))?.[0].length ?? 2;
  return { headers: raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' '), body: raw.slice(at + gap) };
}

function header(headers: string, name: string): string {
  const line = headers.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

function decode(body: string, encoding: string): string {
  if (/^base64$/i.test(encoding))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/^quoted-printable$/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/**
 * The plain text of a mail as the SMTP receiver took it: the text/plain part of a
 * multipart mail (or the whole body), its transfer encoding undone.
 */
export function mailText(raw: string): string {
  const { headers, body } = splitEntity(raw);
  const type = header(headers, 'content-type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary || !/^multipart\//i.test(type)) {
    return decode(body, header(headers, 'content-transfer-encoding'));
  }
  for (const part of body.split(`--${boundary}`).slice(1)) {
    const text = mailText(part.replace(/^\r?\n/, ''));
    const partType = header(splitEntity(part.replace(/^\r?\n/, '')).headers, 'content-type');
    if (/^text\/plain/i.test(partType) || (/^multipart\//i.test(partType) && text)) return text;
  }
  return '';
}

/** The links of a mail's text. */
export function mailLinks(raw: string): URL[] {
  return [...mailText(raw).matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => new URL(m[0]));
}

/**
 * Undoes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`, as nodemailer
 * writes them): the space between two goes, and a character split over two is whole.
 */
function decodeWords(value: string): string {
  const bytes = value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('latin1')
        : text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-Fa-f]{2})/g, (_h, hex: string) =>
              String.fromCharCode(parseInt(hex, 16)),
            ),
    );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The Subject header of a mail, decoded. */
export function mailSubject(raw: string): string {
  return decodeWords(header(splitEntity(raw).headers, 'subject'));
}
