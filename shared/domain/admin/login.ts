import bcrypt from 'bcrypt';
import { Admin } from '../../db/models';
import { BizError } from '../../errors';
import { recordAdminAction } from './operation-log';
import { signAdminToken } from '../auth/tokens';

export const BCRYPT_ROUNDS = 10;

/** A hash to compare against when the account does not exist, so both answers take as long. */
let dummyHash: string | undefined;

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  method: string;
  path: string;
}

/**
 * Checks administrator credentials (2001 wrong account or password, 2002 disabled), records the login
 * in the operation log and returns a token.
 */
export async function loginAdmin(account: string, password: string, meta: RequestMeta): Promise<{ token: string; admin: Admin }> {
  const ip = meta.ip;
  const admin = await Admin.findOne({ where: { account } });
  dummyHash ??= await bcrypt.hash('not-a-password', BCRYPT_ROUNDS);
  const matches = await bcrypt.compare(password, admin?.password ?? dummyHash);
  if (!admin || !matches) throw new BizError(2001);
  if (admin.status !== 1) throw new BizError(2002);
  await admin.update({ lastLoginIp: ip, lastLoginAt: new Date() });
  await recordAdminAction({
    adminId: admin.id,
    module: 'admin',
    action: 'login',
    targetId: admin.id,
    ...meta,
    summary: `administrator ${admin.account} logged in`,
  });
  return { token: signAdminToken(admin), admin };
}
