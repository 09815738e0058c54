import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';

/** Where the generated key is kept when PHOTO_URL_SECRET is not set (next to the database's credentials). */
export const PHOTO_SECRET_FILE = 'photo-url-secret';

async function readSecret(file: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const value = text.trim();
  if (value.length < 32) {
    throw new Error(`${file} holds no usable key: delete it and a new one is made at start`);
  }
  return Buffer.from(value, 'utf8');
}

/**
 * The key of the signed photo links: PHOTO_URL_SECRET, or else (never in production,
 * where the settings must give it) one generated at the first start and kept in
 * DATA_DIR (mode 600), so links survive a restart. Several development servers at
 * once share DATA_DIR. The file appears whole or not at all (written aside, then
 * linked), so servers starting together agree on one key.
 */
export async function photoLinkSecret(
  config: Pick<Config, 'photoUrlSecret' | 'dataDir' | 'isProduction'>,
): Promise<Buffer> {
  if (config.photoUrlSecret) return Buffer.from(config.photoUrlSecret, 'utf8');
  // loadConfig refuses production without it; this is the last guard.
  if (config.isProduction) throw new Error('production needs PHOTO_URL_SECRET: it is never made');
  const file = path.join(config.dataDir, PHOTO_SECRET_FILE);
  const kept = await readSecret(file);
  if (kept) return kept;
  await mkdir(config.dataDir, { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(aside, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  try {
    await link(aside, file);
  } catch (error) {
    // Another server made it first: its key is the one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(aside, { force: true });
  }
  const made = await readSecret(file);
  if (!made) throw new Error(`could not keep the photo link key in ${file}`);
  return made;
}
