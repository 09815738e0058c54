import type { Database } from '../../db/database.js';
import { hashPassword } from './passwords.js';
import { insertUserIfAbsent } from './user-repository.js';
import { normalizeEmail } from './users.js';

/** Creates the configured administrator once; an existing account is left as it is. */
export async function bootstrapAdmin(
  database: Database,
  admin: { email: string; password: string },
  siteId: string,
): Promise<boolean> {
  const passwordHash = await hashPassword(admin.password);
  const inserted = await insertUserIfAbsent(database.db, {
    email: admin.email,
    emailNormalized: normalizeEmail(admin.email),
    passwordHash,
    role: 'admin',
    siteId,
    emailVerifiedAt: new Date(),
  });
  return inserted !== undefined;
}
