import { UniqueConstraintError } from 'sequelize';
import type { BizError } from '../../errors';

/** Turns a unique-key violation of `work` (a duplicate, or a race a check could not see) into the endpoint's business error. */
export async function uniqueAs<T>(error: () => BizError, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw error();
    throw err;
  }
}
