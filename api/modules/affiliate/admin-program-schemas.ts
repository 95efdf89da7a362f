import { boolean, object, string } from 'yup';
import { AGENT_LEVELS, MILESTONE_VIP_LEVELS } from '../../../shared/domain/affiliate';
import { GAME_TYPE_KEYS } from '../../../shared/domain/game';
import { documentAs, jsonId, jsonInteger, moneyAmount, pagingFields, percentAmount, queryInt, sortOrder, text, zeroOrOne } from '../../http/schema-helpers';

/** Bodies and queries of the operators' affiliate program endpoints. */

const code = (field: string, max: number) =>
  text()
    .required(`${field} is required`)
    .matches(new RegExp(`^[A-Za-z0-9]{3,${max}}$`), `${field} must be 3 to ${max} letters or digits`);

/** POST /affiliate/admin/create-agent. */
export const createAgentBody = object({ userId: jsonId().required('userId is required'), agentCode: code('agentCode', 20) });

/** POST /affiliate/admin/bind: agentId is required for bind and transfer (stated by the document's if/then, checked by the domain: a 400). */
export const bindBody = documentAs(
  object({
    memberId: jsonId().required('memberId is required'),
    agentId: jsonId().nullable(),
    action: text().required('action is required').oneOf(['bind', 'unbind', 'transfer'], 'action must be bind, unbind or transfer'),
  }),
  { if: { properties: { action: { enum: ['bind', 'transfer'] } } }, then: { required: ['agentId'], properties: { agentId: { type: 'integer' } } } },
);

/** GET /affiliate/admin/bind-logs. */
export const bindLogsQuery = object({ ...pagingFields(), memberId: queryInt().min(1), agentId: queryInt().min(1) });

const tierCode = () =>
  text()
    .required('${path} is required')
    .matches(/^[A-Za-z0-9_-]{1,20}$/, '${path} must be 1 to 20 letters, digits, _ or -');

const percentage = percentAmount;

/**
 * A level the domain bounds (shared/domain/affiliate/program-settings.ts): the document states the range,
 * and a level outside it is the domain's business refusal, not a 400.
 */
const boundedLevel = (field: string, range: { min: number; max: number }, code: number) =>
  documentAs(jsonInteger().required(`${field} is required`), {
    type: 'integer',
    minimum: range.min,
    maximum: range.max,
    description: `${range.min} to ${range.max}; outside it is business code ${code}`,
  });

/** POST /affiliate/admin/commission-rates: a level outside AGENT_LEVELS is the spec's 2002, checked by the domain. */
export const commissionRateBody = object({
  agentTier: tierCode(),
  agentLevel: boundedLevel('agentLevel', AGENT_LEVELS, 2002),
  gameType: text()
    .nullable()
    .default(null)
    .oneOf([...GAME_TYPE_KEYS, null], `gameType must be null or one of ${GAME_TYPE_KEYS.join(', ')}`),
  commissionRate: percentage().required('commissionRate is required'),
  enabled: zeroOrOne().default(1),
});

/** POST /affiliate/admin/vip-milestones: a level outside MILESTONE_VIP_LEVELS is the spec's 2001, checked by the domain. */
export const vipMilestoneBody = object({
  vipLevel: boundedLevel('vipLevel', MILESTONE_VIP_LEVELS, 2001),
  bonusAmount: moneyAmount().required('bonusAmount is required'),
  description: text().max(255).default(''),
  enabled: zeroOrOne().default(1),
});

/** POST /affiliate/admin/agent-tiers. */
export const agentTierBody = object({
  tierCode: tierCode(),
  tierName: text().required('tierName is required').min(1).max(50),
  minTotalEarned: moneyAmount().default('0'),
  minActiveMembers: jsonInteger().min(0).default(0),
  sortOrder: sortOrder().default(0),
});

/**
 * PATCH /affiliate/admin/settlement-settings: the fields to change, at least one; JSON types kept (a string
 * where the boolean is expected is a 400).
 */
export const settlementSettingsBody = documentAs(
  object({
    payingPeriod: string()
      .strict()
      .typeError('${path} must be weekly or daily')
      .oneOf(['weekly', 'daily'] as const, '${path} must be weekly or daily'),
    negativeCarryOver: boolean().strict().typeError('${path} must be true or false'),
  }).test('some', 'give payingPeriod or negativeCarryOver', (v) => v.payingPeriod !== undefined || v.negativeCarryOver !== undefined),
  { anyOf: [{ required: ['payingPeriod'] }, { required: ['negativeCarryOver'] }] },
);

/** POST /affiliate/admin/set-agent-tier. */
export const setAgentTierBody = object({ agentId: jsonId().required('agentId is required'), tierCode: tierCode() });

export { idParams } from '../../http/schema-helpers';
