import { QueryTypes } from 'sequelize';
import { ReferralCode } from '../../db/models';
import { db } from '../../db/sequelize';
import { BizError } from '../../errors';
import { uniqueAs } from '../common/unique';
import { requireAgent } from './agent';
import { codeTaken, lockCodeText } from './codes';

/**
 * An agent's referral codes (Part B 2.8, 4.6): 3 to 30 letters or digits, globally unique ignoring case
 * (and never an agentCode of the site), at most 10 per agent. Creation locks the agent's row, so two
 * requests at once cannot both pass the count, and the code's text, so two agents cannot both take it
 * (the unique index on lower(code) is the last word). DELETE removes the row: the text becomes free
 * again; players registered through it keep its id as history.
 */
export const REFERRAL_CODE_LIMIT = 10;
const FORMAT = /^[A-Za-z0-9]{3,30}$/;

export interface ReferralCodeView {
  id: number;
  code: string;
  label: string;
  enabled: number;
  convertCount: number;
  createdAt: Date;
}

const view = (row: ReferralCode): ReferralCodeView => ({
  id: row.id,
  code: row.code,
  label: row.label,
  enabled: row.enabled,
  convertCount: row.convertCount,
  createdAt: row.createdAt,
});

/** GET /affiliate/referral-codes: {items}, oldest first. 2001 not an agent. */
export async function listReferralCodes(userId: number): Promise<{ items: ReferralCodeView[] }> {
  const agent = await requireAgent(userId);
  const rows = await ReferralCode.findAll({ where: { agentId: agent.id, siteCode: agent.siteCode }, order: [['id', 'ASC']] });
  return { items: rows.map(view) };
}

/**
 * POST /affiliate/referral-codes: 2001 not an agent; 2004 format (checked before anything is looked
 * up); 2002 the code is in use; 2003 the agent has 10 codes.
 */
export async function createReferralCode(userId: number, input: { code: string; label?: string | null }) {
  await requireAgent(userId);
  const code = input.code;
  if (!FORMAT.test(code)) throw new BizError(2004, 'code must be 3 to 30 letters or digits');
  const row = await uniqueAs(
    () => new BizError(2002, 'code in use'),
    () =>
      db().transaction(async (transaction) => {
        const [agent] = await db().query<{ id: number; siteCode: string }>(
          `SELECT id, "siteCode" FROM users WHERE id = :userId AND "agentCode" IS NOT NULL FOR UPDATE`,
          { replacements: { userId }, type: QueryTypes.SELECT, transaction },
        );
        if (!agent) throw new BizError(2001, 'not an agent');
        await lockCodeText(code, transaction);
        if (await codeTaken(agent.siteCode, code, transaction)) throw new BizError(2002, 'code in use');
        const count = await ReferralCode.count({ where: { agentId: agent.id }, transaction });
        if (count >= REFERRAL_CODE_LIMIT) throw new BizError(2003, `at most ${REFERRAL_CODE_LIMIT} referral codes`);
        return ReferralCode.create({ siteCode: agent.siteCode, agentId: agent.id, code, label: input.label ?? '' }, { transaction });
      }),
  );
  const { id, label, enabled, convertCount } = view(row);
  return { id, code: row.code, label, enabled, convertCount };
}

/** DELETE /affiliate/referral-codes/:id: {success: true}; 2001 when not an agent, or the code is missing or another agent's. */
export async function deleteReferralCode(userId: number, id: number): Promise<{ success: true }> {
  const agent = await requireAgent(userId);
  const removed = await ReferralCode.destroy({ where: { id, agentId: agent.id, siteCode: agent.siteCode } });
  if (!removed) throw new BizError(2001, 'referral code not found');
  return { success: true };
}
