import type { Transaction } from 'sequelize';
import { UserLoginLog } from '../../db/models';
import { recordSessionSignals } from '../risk';
import type { ClientMeta } from './accounts';

/**
 * The user_login_logs rows of a player's sessions: a LOGIN row per session, closed as LOGOUT by the
 * next login or a logout, and a LOGIN_FAIL row per refused password or authenticator code.
 */

/**
 * A LOGIN row for a new session of the player, and the session's IP and device id as linking signals
 * (one statement, shared/domain/risk/signals.ts).
 */
export async function recordLogin(user: { id: number; siteCode: string }, meta: ClientMeta, transaction: Transaction): Promise<void> {
  await UserLoginLog.create(
    { siteCode: user.siteCode, userId: user.id, device: meta.device.slice(0, 255), ip: meta.ip.slice(0, 64), action: 'LOGIN', lastUse: new Date() },
    { transaction },
  );
  await recordSessionSignals(transaction, user, { ip: meta.ip, deviceId: meta.deviceId });
}

/** Closes the player's open LOGIN rows as LOGOUT. */
export async function closeOpenLogins(userId: number, transaction: Transaction): Promise<void> {
  await UserLoginLog.update({ action: 'LOGOUT', lastUse: new Date() }, { where: { userId, action: 'LOGIN' }, transaction });
}

/**
 * A LOGIN_FAIL row: userId null with `ACCOUNT_NOT_FOUND:<account>` for unknown accounts, else the reason
 * (a wrong password, or a wrong authenticator code: ./totp-login.ts).
 */
export async function recordLoginFailure(
  siteCode: string,
  account: string,
  userId: number | null,
  meta: ClientMeta,
  reason: 'WRONG_PASSWORD' | 'WRONG_TOTP' = 'WRONG_PASSWORD',
): Promise<void> {
  await UserLoginLog.create({
    siteCode,
    userId,
    device: meta.device.slice(0, 255),
    ip: meta.ip.slice(0, 64),
    action: 'LOGIN_FAIL',
    remark: userId === null ? `ACCOUNT_NOT_FOUND:${account}`.slice(0, 120) : reason,
    lastUse: new Date(),
  });
}
