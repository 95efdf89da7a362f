import bcrypt from 'bcrypt';
import { User } from '../../db/models';
import { BizError } from '../../errors';
import { BCRYPT_ROUNDS } from '../admin/login';
import { playerById } from './accounts';

/**
 * Player passwords (Part A 4.1 edit-password, set-password). bcrypt with cost BCRYPT_ROUNDS (10).
 * Neither changes tokenVersion: the current token stays valid (spec).
 */

/** 2002 new and confirm differ; 2001 current password wrong (the error table's first code). */
export async function editPassword(userId: number, current: string, next: string, confirm: string): Promise<{ affected: number }> {
  if (next !== confirm) throw new BizError(2002);
  const user = await playerById(userId);
  // An account created by a third-party login has an empty password: no current password can match.
  const matches = user.password !== '' && (await bcrypt.compare(current, user.password));
  if (!matches) throw new BizError(2001);
  const hash = await bcrypt.hash(next, BCRYPT_ROUNDS);
  const [affected] = await User.update({ password: hash }, { where: { id: user.id, password: user.password } });
  if (affected === 0) throw new BizError(2001); // changed concurrently: the checked password is no longer current
  return { affected };
}

/** 2002 values differ; 2003 a password is already set. Only for accounts whose password is empty. */
export async function setPassword(userId: number, next: string, confirm: string): Promise<null> {
  if (next !== confirm) throw new BizError(2002);
  const user = await playerById(userId);
  if (user.password !== '') throw new BizError(2003);
  const hash = await bcrypt.hash(next, BCRYPT_ROUNDS);
  const [affected] = await User.update({ password: hash }, { where: { id: user.id, password: '' } });
  if (affected === 0) throw new BizError(2003);
  return null;
}
