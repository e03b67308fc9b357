import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/*
 * The e-mails the server "sends" during the e2e run: one .eml file per mail in E2E_OUTBOX_DIR.
 * The password-reset and registration mails hold the 6-digit code as the only 6-digit number
 * of their body.
 */

export const OUTBOX_DIR = process.env.E2E_OUTBOX_DIR;

interface ReadOptions {
  /** Only mails written at or after this time (ms since the epoch): not a previous code. */
  since?: number;
  /** How long to wait for the mail to arrive. */
  timeoutMs?: number;
}

/**
 * The code (password reset, registration) of the newest mail in the outbox addressed to `email`
 * (the newest mail of all when none names a recipient), waiting for it to arrive.
 */
export function readLatestCode(email: string, options: ReadOptions = {}): Promise<string> {
  return waitForMail('readLatestCode', email, options, (mail) => codeIn(mail.raw), 'no 6-digit code');
}

/**
 * The decoded body of the newest mail addressed to `email` (chosen as by `readLatestCode`),
 * waiting until it is one that holds `containing`.
 */
export function readLatestMail(email: string, containing: string, options: ReadOptions = {}): Promise<string> {
  const body = (mail: Mail) => bodyTexts(mail.raw).map((text) => text.body).join('\n');
  return waitForMail('readLatestMail', email, options, (mail) => (body(mail).includes(containing) ? body(mail) : null), `no «${containing}»`);
}

/** Polls the outbox until `take` finds what it wants (not null) in the chosen mail. */
async function waitForMail<T>(
  caller: string,
  email: string,
  { since = 0, timeoutMs = 15_000 }: ReadOptions,
  take: (mail: Mail) => T | null,
  missing: string,
): Promise<T> {
  const dir = OUTBOX_DIR;
  if (!dir) throw new Error('E2E_OUTBOX_DIR is not set: the server must write its mails there');
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no mail yet';
  for (;;) {
    const mails = await newestMails(dir, since);
    const addressed = mails.filter((mail) => recipientsOf(mail.raw).includes(email.toLowerCase()));
    const chosen = addressed[0] ?? (mails.every((mail) => recipientsOf(mail.raw) === '') ? mails[0] : undefined);
    if (chosen !== undefined) {
      const taken = take(chosen);
      if (taken !== null) return taken;
      lastProblem = `${missing} in ${chosen.path}`;
    } else if (mails.length > 0) {
      lastProblem = `no mail to ${email} among ${mails.length}`;
    }
    if (Date.now() > deadline) throw new Error(`${caller}(${email}): ${lastProblem} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Mail {
  path: string;
  mtimeMs: number;
  raw: string;
}

/** The .eml files written since `since`, newest first. */
async function newestMails(dir: string, since: number): Promise<Mail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.toLowerCase().endsWith('.eml'));
  } catch {
    return []; // the directory appears with the first mail
  }
  const mails = await Promise.all(
    names.map(async (name) => {
      const path = join(dir, name);
      const { mtimeMs } = await stat(path);
      return { path, mtimeMs, name };
    }),
  );
  const recent = mails.filter((mail) => mail.mtimeMs >= since - 1000); // file-system clocks are coarse
  recent.sort((a, b) => b.mtimeMs - a.mtimeMs || b.name.localeCompare(a.name));
  return Promise.all(recent.map(async (mail) => ({ path: mail.path, mtimeMs: mail.mtimeMs, raw: await readFile(mail.path, 'utf8') })));
}

/** The To/Cc/Delivered-To headers of a mail, lowercased ('' when there are none). */
function recipientsOf(raw: string): string {
  const { headers } = splitEntity(raw);
  return headers
    .filter(([name]) => ['to', 'cc', 'delivered-to', 'x-original-to'].includes(name))
    .map(([, value]) => value)
    .join(' ')
    .toLowerCase();
}

/** The only 6-digit number of the mail's body (text parts first), decoded from its transfer encoding. */
export function codeIn(raw: string): string | null {
  const texts = bodyTexts(raw);
  const plain = texts.filter((text) => text.type.startsWith('text/plain'));
  for (const candidates of [plain, texts]) {
    for (const { body } of candidates) {
      const visible = body.replace(/<style[\s\S]*?<\/style>/gi, ' ').replace(/<[^>]+>/g, ' ');
      const match = /(?<![\d#])\d{6}(?!\d)/.exec(visible);
      if (match) return match[0];
    }
  }
  return null;
}

type Header = [name: string, value: string];

function splitEntity(raw: string): { headers: Header[]; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Header[] = [];
  for (const line of head.split('\n')) {
    const last = headers.at(-1);
    if (/^[ \t]/.test(line) && last !== undefined) last[1] += ` ${line.trim()}`;
    else {
      const colon = line.indexOf(':');
      if (colon > 0) headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
    }
  }
  return { headers, body };
}

/** Every leaf part of a (possibly multipart) mail, decoded. */
function bodyTexts(raw: string): { type: string; body: string }[] {
  const { headers, body } = splitEntity(raw);
  const header = (name: string) => headers.find(([key]) => key === name)?.[1] ?? '';
  const type = header('content-type').toLowerCase() || 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(header('content-type'))?.[1];
  if (type.startsWith('multipart/') && boundary !== undefined) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => bodyTexts(part.replace(/^\n/, '')));
  }
  const encoding = header('content-transfer-encoding').toLowerCase();
  if (encoding === 'base64') return [{ type, body: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') }];
  if (encoding === 'quoted-printable') {
    const decoded = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return [{ type, body: Buffer.from(decoded, 'latin1').toString('utf8') }];
  }
  return [{ type, body }];
}
