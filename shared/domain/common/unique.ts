import { UniqueConstraintError } from 'sequelize';
import type { Refusal } from '../../errors';

/** Turns a unique-key violation of `work` (a duplicate, or a race a check could not see) into the area's refusal. */
export async function uniqueAs<T>(error: () => Refusal, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw error();
    throw err;
  }
}
