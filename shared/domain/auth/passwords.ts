import bcrypt from 'bcrypt';
import { User } from '../../db/models';
import { Refusal } from '../../errors';
import { playerById } from './accounts';

/** bcrypt's cost for every password hash, players' and administrators'. */
export const BCRYPT_ROUNDS = 10;

/**
 * Player passwords (edit-password, set-password). bcrypt with cost BCRYPT_ROUNDS (10).
 * Neither changes tokenVersion: the current token stays valid (spec).
 */

/** Refused: `passwordsDiffer` new and confirm differ; `currentPasswordWrong` the current password is wrong. */
export async function editPassword(userId: number, current: string, next: string, confirm: string): Promise<{ affected: number }> {
  if (next !== confirm) throw new Refusal('auth.passwordsDiffer');
  const user = await playerById(userId);
  // An account created by a third-party login has an empty password: no current password can match.
  const matches = user.password !== '' && (await bcrypt.compare(current, user.password));
  if (!matches) throw new Refusal('auth.currentPasswordWrong');
  const hash = await bcrypt.hash(next, BCRYPT_ROUNDS);
  const [affected] = await User.update({ password: hash }, { where: { id: user.id, password: user.password } });
  if (affected === 0) throw new Refusal('auth.currentPasswordWrong'); // changed concurrently: the checked password is no longer current
  return { affected };
}

/** Refused: `passwordsDiffer` values differ; `passwordAlreadySet` a password is already set. Only for accounts whose password is empty. */
export async function setPassword(userId: number, next: string, confirm: string): Promise<null> {
  if (next !== confirm) throw new Refusal('auth.passwordsDiffer');
  const user = await playerById(userId);
  if (user.password !== '') throw new Refusal('auth.passwordAlreadySet');
  const hash = await bcrypt.hash(next, BCRYPT_ROUNDS);
  const [affected] = await User.update({ password: hash }, { where: { id: user.id, password: '' } });
  if (affected === 0) throw new Refusal('auth.passwordAlreadySet');
  return null;
}
