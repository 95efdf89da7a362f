import { QueryTypes } from 'sequelize';
import { ReferralCode } from '../../db/models';
import { db } from '../../db/sequelize';
import { Refusal } from '../../errors';
import { uniqueAs } from '../common';
import { requireAgent } from './agent';
import { codeTaken, lockCodeText } from './codes';

/**
 * An agent's referral codes: 3 to 30 letters or digits, globally unique ignoring case
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

/** GET /affiliate/referral-codes: {items}, oldest first. */
export async function listReferralCodes(userId: number): Promise<{ items: ReferralCodeView[] }> {
  const agent = await requireAgent(userId);
  const rows = await ReferralCode.findAll({ where: { agentId: agent.id, siteCode: agent.siteCode }, order: [['id', 'ASC']] });
  return { items: rows.map(view) };
}

/**
 * POST /affiliate/referral-codes: refused when the caller is not an agent (`notAgent`), for the format
 * (`codeFormat`, checked before anything is looked up), a code in use (`codeTaken`) and an agent that has
 * 10 codes (`referralCodeLimit`).
 */
export async function createReferralCode(userId: number, input: { code: string; label?: string | null }) {
  await requireAgent(userId);
  const code = input.code;
  if (!FORMAT.test(code)) throw new Refusal('affiliate.codeFormat');
  const row = await uniqueAs(
    () => new Refusal('affiliate.codeTaken'),
    () =>
      db().transaction(async (transaction) => {
        const [agent] = await db().query<{ id: number; siteCode: string }>(
          `SELECT id, "siteCode" FROM users WHERE id = :userId AND "agentCode" IS NOT NULL FOR UPDATE`,
          { replacements: { userId }, type: QueryTypes.SELECT, transaction },
        );
        if (!agent) throw new Refusal('affiliate.notAgent');
        await lockCodeText(code, transaction);
        if (await codeTaken(agent.siteCode, code, transaction)) throw new Refusal('affiliate.codeTaken');
        const count = await ReferralCode.count({ where: { agentId: agent.id }, transaction });
        if (count >= REFERRAL_CODE_LIMIT) throw new Refusal('affiliate.referralCodeLimit', `at most ${REFERRAL_CODE_LIMIT}`);
        return ReferralCode.create({ siteCode: agent.siteCode, agentId: agent.id, code, label: input.label ?? '' }, { transaction });
      }),
  );
  const { id, label, enabled, convertCount } = view(row);
  return { id, code: row.code, label, enabled, convertCount };
}

/** DELETE /affiliate/referral-codes/:id: {success: true}; `referralCodeNotFound` when the code is missing or another agent's. */
export async function deleteReferralCode(userId: number, id: number): Promise<{ success: true }> {
  const agent = await requireAgent(userId);
  const removed = await ReferralCode.destroy({ where: { id, agentId: agent.id, siteCode: agent.siteCode } });
  if (!removed) throw new Refusal('affiliate.referralCodeNotFound');
  return { success: true };
}
