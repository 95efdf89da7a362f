import { declareRefusals } from '../refusals';
import { USER_NOT_FOUND } from '../common';

/**
 * Why the vip area says no (shared/domain/refusals.ts): each name with its meaning and its message in
 * every locale; endpoints map the names to their numbers.
 */
export const vipRefusals = declareRefusals('vip', {
  playerNotFound: {
    means: 'no such player on the site',
    text: USER_NOT_FOUND,
    wordings: {
      status: {
        'zh-TW': '用戶不存在',
        'en-US': 'User not found',
        'zh-CN': '用户不存在',
        'th-TH': 'ไม่พบผู้ใช้',
        'vi-VN': 'Không tìm thấy người dùng',
      },
    },
  },
  holdLevelTooLow: {
    means: "the player's VIP level is below the one the hold flag needs",
    text: {
      'zh-TW': 'VIP 等級低於 5 級，無法保級',
      'en-US': 'VIP level is below 5, hold not allowed',
      'zh-CN': 'VIP 等级低于 5 级，无法保级',
      'th-TH': 'ระดับ VIP ต่ำกว่า 5 ไม่สามารถคงระดับได้',
      'vi-VN': 'Cấp VIP dưới 5, không thể giữ cấp',
    },
  },
  levelNotFound: {
    means: 'no such VIP level on the site',
    text: {
      'zh-TW': '找不到 VIP 等級',
      'en-US': 'VIP level not found',
      'zh-CN': '找不到 VIP 等级',
      'th-TH': 'ไม่พบระดับ VIP',
      'vi-VN': 'Không tìm thấy cấp VIP',
    },
  },
  levelExists: {
    means: 'the site has this VIP level number already',
    text: {
      'zh-TW': '此 VIP 等級已存在',
      'en-US': 'This VIP level already exists',
      'zh-CN': '该 VIP 等级已存在',
      'th-TH': 'ระดับ VIP นี้มีอยู่แล้ว',
      'vi-VN': 'Cấp VIP này đã tồn tại',
    },
  },
  rebateRuleNotFound: {
    means: 'no such rebate rule on the site',
    text: {
      'zh-TW': '找不到返水規則',
      'en-US': 'Rebate rule not found',
      'zh-CN': '找不到返水规则',
      'th-TH': 'ไม่พบกฎเงินคืน',
      'vi-VN': 'Không tìm thấy quy tắc hoàn trả',
    },
  },
  rebateRuleExists: {
    means: 'the site has a rebate rule for this level and game type already',
    text: {
      'zh-TW': '此等級與遊戲類型的返水規則已存在',
      'en-US': 'A rebate rule already exists for this level and game type',
      'zh-CN': '该等级与游戏类型的返水规则已存在',
      'th-TH': 'มีกฎเงินคืนสำหรับระดับและประเภทเกมนี้แล้ว',
      'vi-VN': 'Quy tắc hoàn trả cho cấp và loại trò chơi này đã tồn tại',
    },
  },
  relegationMonthNotOver: {
    means: 'the month asked for a relegation run is not over yet in APP_TIMEZONE',
    text: {
      'zh-TW': '該月份尚未結束，無法執行降級檢查',
      'en-US': 'The month is not over yet, relegation cannot run',
      'zh-CN': '该月份尚未结束，无法执行降级检查',
      'th-TH': 'เดือนนี้ยังไม่สิ้นสุด ไม่สามารถตรวจสอบการลดระดับได้',
      'vi-VN': 'Tháng chưa kết thúc, không thể chạy kiểm tra hạ cấp',
    },
  },
  relegationMonthAlreadyRun: {
    means: "the site's relegation run of the month is done already",
    text: {
      'zh-TW': '該月份的降級檢查已執行過',
      'en-US': 'Relegation for this month has already run',
      'zh-CN': '该月份的降级检查已执行过',
      'th-TH': 'การตรวจสอบการลดระดับของเดือนนี้ดำเนินการไปแล้ว',
      'vi-VN': 'Kiểm tra hạ cấp của tháng này đã được chạy',
    },
  },
});

declare module '../refusals' {
  interface RefusalRegistry {
    vip: typeof vipRefusals;
  }
}
