import { declareRefusals } from '../refusals';

/**
 * Why the mission area says no (shared/domain/refusals.ts): each name with its meaning and its message in
 * every locale; endpoints map the names to their numbers.
 */
export const missionRefusals = declareRefusals('mission', {
  notClaimable: {
    means: "no such enabled mission of the player's site",
    text: {
      'zh-TW': '找不到任務',
      'en-US': 'Mission not found',
      'zh-CN': '找不到任务',
      'th-TH': 'ไม่พบภารกิจ',
      'vi-VN': 'Không tìm thấy nhiệm vụ',
    },
  },
  alreadyClaimed: {
    means: 'the mission was already claimed this period',
    text: {
      'zh-TW': '本期已領取過獎勵',
      'en-US': 'Reward already claimed for this period',
      'zh-CN': '本期已领取过奖励',
      'th-TH': 'รับรางวัลของรอบนี้ไปแล้ว',
      'vi-VN': 'Đã nhận thưởng trong kỳ này',
    },
  },
  vipTooLow: {
    means: "the player's VIP level is below the mission's",
    text: {
      'zh-TW': 'VIP 等級不足',
      'en-US': 'VIP level too low',
      'zh-CN': 'VIP 等级不足',
      'th-TH': 'ระดับ VIP ไม่เพียงพอ',
      'vi-VN': 'Cấp VIP chưa đủ',
    },
  },
  belowThreshold: {
    means: "the period's progress is below the mission's threshold",
    text: {
      'zh-TW': '尚未達成任務目標',
      'en-US': 'Mission target not reached yet',
      'zh-CN': '尚未达成任务目标',
      'th-TH': 'ยังไม่บรรลุเป้าหมายภารกิจ',
      'vi-VN': 'Chưa đạt mục tiêu nhiệm vụ',
    },
  },
  slotTaken: {
    means: 'the site already has a mission for this category, period type and tier',
    text: {
      'zh-TW': '此站點已有相同類別、週期與階層的任務',
      'en-US': 'The site already has a mission for this category, period and tier',
      'zh-CN': '此站点已有相同类别、周期与层级的任务',
      'th-TH': 'ไซต์นี้มีภารกิจของหมวดหมู่ รอบเวลา และระดับขั้นนี้อยู่แล้ว',
      'vi-VN': 'Trang đã có nhiệm vụ cho danh mục, chu kỳ và bậc này',
    },
  },
  hasClaims: {
    means: 'the mission has claims: disable it (enabled 0) instead of deleting it',
    text: {
      'zh-TW': '此任務已有領取紀錄，無法刪除，請改為停用',
      'en-US': 'The mission has claims and cannot be deleted; disable it instead',
      'zh-CN': '该任务已有领取记录，无法删除，请改为停用',
      'th-TH': 'ภารกิจนี้มีการรับรางวัลแล้ว จึงลบไม่ได้ กรุณาปิดใช้งานแทน',
      'vi-VN': 'Nhiệm vụ đã có lượt nhận thưởng nên không thể xóa; hãy vô hiệu hóa thay vào đó',
    },
  },
});

declare module '../refusals' {
  interface RefusalRegistry {
    mission: typeof missionRefusals;
  }
}
