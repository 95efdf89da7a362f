import { config } from '../../../shared/config';
import type { WithdrawalStatus } from '../../../shared/db/models';
import { listPlayerWithdrawals, requestWithdrawal, sendWithdrawalCode, turnoverStatus } from '../../../shared/domain/withdrawal';
import { endpoint } from '../../http/endpoint';
import { limitRule } from '../../http/rate-limit';
import { listQuery, requestBody } from './schemas';
import { KYC_GATE_REFUSALS } from '../kyc/gate-refusals';
import * as answers from './answers';

/**
 * The player's withdrawal endpoints: the code, the request, the list and the turnover
 * status. Sending a code (a mail) is limited per player and per IP like the verification codes
 * (VERIFY_SEND_*); requests per player like code checks (VERIFY_CHECK_*).
 */
const limits = () => config().limits;

export const playerEndpoints = [
  endpoint(
    {
      method: 'post',
      path: '/withdrawal/send-code',
      result: answers.postWithdrawalSendCode,
      auth: 'player',
      limits: [
        limitRule(
          'withdrawal-send-code:user',
          'player',
          () => limits().verifySendPerUser,
          () => limits().verifySendWindowUserS,
        ),
        limitRule(
          'withdrawal-send-code:ip',
          'ip',
          () => limits().verifySendPerIp,
          () => limits().verifySendWindowIpS,
        ),
      ],
      refusals: { 'withdrawal.emailUnverified': 2001, 'withdrawal.mobileUnverified': 2002 },
      summary: 'Mail a 6-digit withdrawal code (valid 10 minutes) to the verified e-mail',
    },
    ({ player }) => sendWithdrawalCode(player.id),
  ),
  endpoint(
    {
      method: 'post',
      path: '/withdrawal/request',
      realityCheck: 'header',
      result: answers.postWithdrawalRequest,
      examples: {
        body: { amount: '50', cryptoAddressId: 3, verifyCode: '123456' },
        result: {
          id: 12,
          amount: '50.000000',
          cryptoAddressId: 3,
          walletName: 'My wallet',
          currency: 'USDT',
          network: 'TRC20',
          address: 'TXYZabcdefghijkmnopqrstuvwxyz12345',
          status: 'pending',
          rejectReason: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          reviewedAt: null,
          completedAt: null,
        },
      },
      auth: 'player',
      body: requestBody,
      limits: [
        limitRule(
          'withdrawal-request:user',
          'player',
          () => limits().verifyCheckPerUser,
          () => limits().verifyCheckWindowUserS,
        ),
      ],
      refusals: {
        'withdrawal.codeNotLive': 2001,
        'withdrawal.codeWrong': 2002,
        'withdrawal.emailUnverified': 2003,
        'withdrawal.mobileUnverified': 2004,
        'withdrawal.addressNotApproved': 2005,
        'withdrawal.amountNotPositive': 2006,
        'withdrawal.balanceTooLow': 2007,
        'withdrawal.promoTurnoverOpen': 2008,
        'withdrawal.depositTurnoverShort': 2009,
        'bonus.forfeitRequired': 2010,
        'kyc.level2Required': KYC_GATE_REFUSALS['kyc.level2Required'],
      },
      summary:
        'Request a USDT withdrawal: the amount moves from balance to frozenBalance until reviewed; when the site forfeits bonuses on withdrawal and a bonus is active, forfeitBonuses: true is required (else 2010, data: what would be lost)',
    },
    ({ site, player, body, locale }) => requestWithdrawal(site, player.id, body, locale),
  ),
  endpoint(
    {
      method: 'get',
      path: '/withdrawal/list',
      result: answers.getWithdrawalList,
      auth: 'player',
      query: listQuery,
      summary: "The player's withdrawals, newest first",
    },
    ({ site, player, query }) => listPlayerWithdrawals(site, player.id, { ...query, status: query.status as WithdrawalStatus | undefined }),
  ),
  endpoint(
    {
      method: 'get',
      path: '/withdrawal/turnover-status',
      result: answers.getWithdrawalTurnoverStatus,
      auth: 'player',
      summary: "The player's withdrawal turnover: deposits and claimed promotions",
    },
    ({ player, locale }) => turnoverStatus(player.id, locale),
  ),
];
