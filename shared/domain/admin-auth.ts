import bcrypt from 'bcrypt';
import { Admin } from '../db/models';
import { BizError } from '../errors';
import { signAdminToken } from './auth-tokens';

export const BCRYPT_ROUNDS = 10;

/** A hash to compare against when the account does not exist, so both answers take as long. */
let dummyHash: string | undefined;

/**
 * Checks administrator credentials (2001 wrong account or password, 2002 disabled) and returns a
 * token. The caller records the login in the operation log.
 */
export async function loginAdmin(account: string, password: string, ip: string | null): Promise<{ token: string; admin: Admin }> {
  const admin = await Admin.findOne({ where: { account } });
  dummyHash ??= await bcrypt.hash('not-a-password', BCRYPT_ROUNDS);
  const matches = await bcrypt.compare(password, admin?.password ?? dummyHash);
  if (!admin || !matches) throw new BizError(2001);
  if (admin.status !== 1) throw new BizError(2002);
  await admin.update({ lastLoginIp: ip, lastLoginAt: new Date() });
  return { token: signAdminToken(admin), admin };
}
