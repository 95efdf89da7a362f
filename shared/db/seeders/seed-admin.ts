import bcrypt from 'bcrypt';
import { BCRYPT_ROUNDS } from '../../domain/auth';
import { Admin, AdminGroup } from '../models';
import { db } from '../sequelize';
import { SUPER_ADMIN_GROUP } from './data/admin-permissions';

/**
 * The first administrator, in a group holding every permission. Only created when no administrator
 * has that account; an existing account's password is never reset by seeding.
 */
export async function seedFirstAdmin(account: string, password: string): Promise<{ created: boolean; groupId: number }> {
  return db().transaction(async (transaction) => {
    const [group] = await AdminGroup.findOrCreate({
      where: { name: SUPER_ADMIN_GROUP.name },
      defaults: { ...SUPER_ADMIN_GROUP, status: 1 },
      transaction,
    });
    const existing = await Admin.findOne({ where: { account }, transaction });
    if (existing) return { created: false, groupId: group.id };
    await Admin.create({ account, password: await bcrypt.hash(password, BCRYPT_ROUNDS), name: 'Administrator', groupId: group.id, status: 1 }, { transaction });
    return { created: true, groupId: group.id };
  });
}
