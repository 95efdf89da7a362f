import bcrypt from 'bcrypt';
import { Admin } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal, SessionEndedError } from '../../errors';
import { type Actor, recordActorAction, recordAdminAction, type RequestMeta } from '../audit';
import { BCRYPT_ROUNDS, signAdminToken } from '../auth';
import { passAdminLoginTotp, setUpAdminTotpAtLogin } from './totp';

/** A hash to compare against when the account does not exist, so both answers take as long. */
let dummyHash: string | undefined;

/** Why a login failed, as the operation log keeps it. */
type LoginFailure = 'unknown account' | 'wrong password' | 'account disabled' | 'wrong authenticator code';

/** One failed login in the operation log: the account tried, the request (ip...), the reason; never the password. */
function recordFailedLogin(account: string, admin: Admin | null, reason: LoginFailure, meta: RequestMeta): Promise<void> {
  const tried = account.slice(0, 100);
  return recordAdminAction({
    adminId: null,
    module: 'admin',
    action: 'login-failed',
    targetId: admin?.id ?? null,
    ...meta,
    summary: `failed administrator login as ${tried}: ${reason}`,
    detail: { account: tried, reason },
  });
}

/** The administrator of the credentials: refused `credentialsWrong` for a wrong account or password, `accountDisabled`; failures logged. */
async function checkCredentials(account: string, password: string, meta: RequestMeta): Promise<Admin> {
  const admin = await Admin.findOne({ where: { account } });
  dummyHash ??= await bcrypt.hash('not-a-password', BCRYPT_ROUNDS);
  const matches = await bcrypt.compare(password, admin?.password ?? dummyHash);
  if (!admin || !matches) {
    await recordFailedLogin(account, admin, admin ? 'wrong password' : 'unknown account', meta);
    throw new Refusal('admin.credentialsWrong');
  }
  if (admin.status !== 1) {
    await recordFailedLogin(account, admin, 'account disabled', meta);
    throw new Refusal('admin.accountDisabled');
  }
  return admin;
}

/**
 * Checks administrator credentials (refused `credentialsWrong` for a wrong account or password,
 * `accountDisabled`), then the authenticator code (./totp.ts, passAdminLoginTotp; a wrong one is logged
 * as a failure), records the login or the failure in the operation log and returns a token.
 */
export async function loginAdmin(account: string, password: string, meta: RequestMeta, totpCode?: string | null): Promise<{ token: string; admin: Admin }> {
  const ip = meta.ip;
  const admin = await checkCredentials(account, password, meta);
  try {
    await passAdminLoginTotp(admin, totpCode, meta);
  } catch (err) {
    if (err instanceof Refusal && err.refusal === 'auth.totpCodeWrong') await recordFailedLogin(account, admin, 'wrong authenticator code', meta);
    throw err;
  }
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

/**
 * POST /admin/login-totp-setup: the credentials as at login, then the secret a member of a group that
 * requires an authenticator sets up before its first login with a code (./totp.ts).
 */
export async function startAdminTotpSetup(account: string, password: string, meta: RequestMeta): Promise<{ secret: string; qrCode: string }> {
  return setUpAdminTotpAtLogin(await checkCredentials(account, password, meta), meta);
}

/**
 * POST /admin/logout (not in the spec): raises the administrator's tokenVersion, so every token it
 * holds (API or Bull Board session) gets 401 from the next request on; logged.
 */
export async function logoutAdmin(actor: Actor): Promise<void> {
  await db().transaction(async (transaction) => {
    const admin = await Admin.findByPk(actor.adminId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!admin) throw new SessionEndedError();
    await admin.update({ tokenVersion: admin.tokenVersion + 1 }, { transaction });
    await recordActorAction(actor, transaction, {
      module: 'admin',
      action: 'logout',
      targetId: admin.id,
      summary: `administrator ${admin.account} logged out`,
      detail: null,
    });
  });
}
