import { declareRefusals } from '../refusals';

/**
 * Why the bonus area says no (shared/domain/refusals.ts): each name with its meaning and its message in
 * every locale; endpoints map the names to their numbers (docs/decisions/bonus.md).
 */
export const bonusRefusals = declareRefusals('bonus', {
  playerNotFound: {
    means: 'no such player of the site',
    text: {
      'zh-TW': '找不到玩家',
      'en-US': 'Player not found',
      'zh-CN': '找不到玩家',
      'th-TH': 'ไม่พบผู้เล่น',
      'vi-VN': 'Không tìm thấy người chơi',
    },
  },
  grantNotFound: {
    means: 'no such bonus grant of the site (or of the player)',
    text: {
      'zh-TW': '找不到此獎金',
      'en-US': 'Bonus not found',
      'zh-CN': '找不到此奖金',
      'th-TH': 'ไม่พบโบนัสนี้',
      'vi-VN': 'Không tìm thấy tiền thưởng này',
    },
  },
  grantEnded: {
    means: 'the grant is no longer active (converted, forfeited or expired first)',
    text: {
      'zh-TW': '此獎金已結束',
      'en-US': 'This bonus has already ended',
      'zh-CN': '此奖金已结束',
      'th-TH': 'โบนัสนี้สิ้นสุดแล้ว',
      'vi-VN': 'Tiền thưởng này đã kết thúc',
    },
  },
  grantActive: {
    means: 'the player already has an active bonus grant (one at a time)',
    text: {
      'zh-TW': '玩家已有進行中的獎金',
      'en-US': 'The player already has an active bonus',
      'zh-CN': '玩家已有进行中的奖金',
      'th-TH': 'ผู้เล่นมีโบนัสที่ใช้งานอยู่แล้ว',
      'vi-VN': 'Người chơi đã có một tiền thưởng đang hoạt động',
    },
  },
  maxBetExceeded: {
    means: "the stake is above the active bonus grant's max bet",
    text: {
      'zh-TW': '投注金額超過獎金的單注上限',
      'en-US': "The stake is above your active bonus's maximum bet",
      'zh-CN': '投注金额超过奖金的单注上限',
      'th-TH': 'ยอดเดิมพันเกินกว่ายอดเดิมพันสูงสุดของโบนัส',
      'vi-VN': 'Tiền cược vượt quá mức cược tối đa của tiền thưởng',
    },
  },
  offerNotFound: {
    means: 'no enabled deposit offer of the site with that code running now (or of that id)',
    text: {
      'zh-TW': '找不到此優惠代碼',
      'en-US': 'No such bonus offer',
      'zh-CN': '找不到此优惠代码',
      'th-TH': 'ไม่พบข้อเสนอโบนัสนี้',
      'vi-VN': 'Không tìm thấy ưu đãi tiền thưởng này',
    },
  },
  offerUsed: {
    means: 'the player already had the bonus of this offer (a code is used once)',
    text: {
      'zh-TW': '此優惠代碼已使用過',
      'en-US': 'This bonus offer was already used',
      'zh-CN': '此优惠代码已使用过',
      'th-TH': 'ข้อเสนอโบนัสนี้ถูกใช้แล้ว',
      'vi-VN': 'Ưu đãi tiền thưởng này đã được sử dụng',
    },
  },
  offerCodeTaken: {
    means: 'the site has another offer with this code',
    text: {
      'zh-TW': '此優惠代碼已存在',
      'en-US': 'An offer with this code already exists',
      'zh-CN': '此优惠代码已存在',
      'th-TH': 'มีข้อเสนอที่ใช้รหัสนี้อยู่แล้ว',
      'vi-VN': 'Đã có ưu đãi với mã này',
    },
  },
  forfeitRequired: {
    means:
      "a withdrawal while a bonus grant is active forfeits the bonus money (the site's setting): the request must say forfeitBonuses: true; the answer's data lists what would be lost",
    text: {
      'zh-TW': '提款將沒收進行中的獎金，請確認 forfeitBonuses',
      'en-US': 'A withdrawal forfeits your active bonus money; confirm with forfeitBonuses',
      'zh-CN': '提款将没收进行中的奖金，请确认 forfeitBonuses',
      'th-TH': 'การถอนเงินจะริบโบนัสที่ใช้งานอยู่ โปรดยืนยันด้วย forfeitBonuses',
      'vi-VN': 'Rút tiền sẽ hủy tiền thưởng đang hoạt động; hãy xác nhận bằng forfeitBonuses',
    },
  },
});

declare module '../refusals' {
  interface RefusalRegistry {
    bonus: typeof bonusRefusals;
  }
}
