import type { LocaleText } from '../../i18n/locales';
import { declareRefusals } from '../refusals';

/** Texts the area answers for more than one refusal (or wording), written once. */
const siteConfigurationNotFound: LocaleText = {
  'zh-TW': '找不到網站設定',
  'en-US': 'Site configuration not found',
  'zh-CN': '找不到网站配置',
  'th-TH': 'ไม่พบการตั้งค่าเว็บไซต์',
  'vi-VN': 'Không tìm thấy cấu hình trang web',
};

/**
 * Why the site-config area says no (shared/domain/refusals.ts): each name with its meaning and its message
 * in every locale; endpoints map the names to their numbers.
 */
export const siteConfigRefusals = declareRefusals('site-config', {
  siteUnavailable: {
    means: 'the site has no config, or its config is disabled',
    text: siteConfigurationNotFound,
  },
  configNotFound: {
    means: 'no such site config on the site',
    text: siteConfigurationNotFound,
    wordings: {
      ofSite: {
        'zh-TW': '找不到此站點的設定',
        'en-US': 'Site configuration not found',
        'zh-CN': '找不到此站点的配置',
        'th-TH': 'ไม่พบการตั้งค่าของไซต์',
        'vi-VN': 'Không tìm thấy cấu hình trang',
      },
    },
  },
  themeNotFound: {
    means: 'no such theme on the site (or of the config)',
    text: {
      'zh-TW': '找不到佈景主題',
      'en-US': 'Theme not found',
      'zh-CN': '找不到主题',
      'th-TH': 'ไม่พบธีม',
      'vi-VN': 'Không tìm thấy chủ đề giao diện',
    },
  },
  themeIdTaken: {
    means: 'the themeId is taken in the site',
    text: {
      'zh-TW': '佈景主題 ID 已存在',
      'en-US': 'Theme ID already exists in this site',
      'zh-CN': '主题 ID 已存在',
      'th-TH': 'รหัสธีมนี้มีอยู่แล้วในเว็บไซต์',
      'vi-VN': 'Mã chủ đề đã tồn tại trên trang này',
    },
  },
  siteCodeTaken: {
    means: 'a site with this code exists',
    text: {
      'zh-TW': '網站代碼已被使用',
      'en-US': 'Site code already taken',
      'zh-CN': '网站代码已被使用',
      'th-TH': 'รหัสเว็บไซต์นี้ถูกใช้แล้ว',
      'vi-VN': 'Mã trang web đã được sử dụng',
    },
  },
  copySourceUnknown: {
    means: 'copyFrom names no site',
    text: {
      'zh-TW': '找不到要複製的網站設定',
      'en-US': 'Site configuration to copy from not found',
      'zh-CN': '找不到要复制的网站配置',
      'th-TH': 'ไม่พบการตั้งค่าเว็บไซต์ที่จะคัดลอก',
      'vi-VN': 'Không tìm thấy cấu hình trang web để sao chép',
    },
  },
  minimumAgeBelowFloor: {
    means: "minimumAge is below the minimum age of the site's jurisdiction profile",
    text: {
      'zh-TW': '最低年齡低於網站司法管轄區設定檔的下限',
      'en-US': "minimumAge is below the minimum age of the site's jurisdiction profile",
      'zh-CN': '最低年龄低于网站司法管辖区配置的下限',
      'th-TH': 'minimumAge ต่ำกว่าอายุขั้นต่ำของโปรไฟล์เขตอำนาจของเว็บไซต์',
      'vi-VN': 'minimumAge thấp hơn độ tuổi tối thiểu của hồ sơ pháp lý của trang web',
    },
  },
  increaseDelayBelowFloor: {
    means: "responsibleGaming.increaseDelayHours is below the limit-increase delay of the site's jurisdiction profile",
    text: {
      'zh-TW': '提高限額的等待時間低於網站司法管轄區設定檔的下限',
      'en-US': "responsibleGaming.increaseDelayHours is below the limit-increase delay of the site's jurisdiction profile",
      'zh-CN': '提高限额的等待时间低于网站司法管辖区配置的下限',
      'th-TH': 'responsibleGaming.increaseDelayHours ต่ำกว่าระยะรอการเพิ่มวงเงินของโปรไฟล์เขตอำนาจของเว็บไซต์',
      'vi-VN': 'responsibleGaming.increaseDelayHours thấp hơn thời gian chờ tăng hạn mức của hồ sơ pháp lý của trang web',
    },
  },
  exclusionMinimumBelowFloor: {
    means: "responsibleGaming.minimumExclusionMonths is below the minimum self-exclusion of the site's jurisdiction profile",
    text: {
      'zh-TW': '最短自我排除期低於網站司法管轄區設定檔的下限',
      'en-US': "responsibleGaming.minimumExclusionMonths is below the minimum self-exclusion of the site's jurisdiction profile",
      'zh-CN': '最短自我排除期低于网站司法管辖区配置的下限',
      'th-TH': 'responsibleGaming.minimumExclusionMonths ต่ำกว่าระยะแยกตัวเองขั้นต่ำของโปรไฟล์เขตอำนาจของเว็บไซต์',
      'vi-VN': 'responsibleGaming.minimumExclusionMonths thấp hơn thời gian tự loại trừ tối thiểu của hồ sơ pháp lý của trang web',
    },
  },
  realityCheckGraceAboveFloor: {
    means: "responsibleGaming.realityCheckGraceSeconds is above the longest reality-check grace of the site's jurisdiction profile",
    text: {
      'zh-TW': '現實檢查寬限時間超過網站司法管轄區設定檔的上限',
      'en-US': "responsibleGaming.realityCheckGraceSeconds is above the longest reality-check grace of the site's jurisdiction profile",
      'zh-CN': '现实检查宽限时间超过网站司法管辖区配置的上限',
      'th-TH': 'responsibleGaming.realityCheckGraceSeconds เกินระยะผ่อนผันการตรวจสอบความจริงที่ยาวที่สุดของโปรไฟล์เขตอำนาจของเว็บไซต์',
      'vi-VN': 'responsibleGaming.realityCheckGraceSeconds vượt quá thời gian ân hạn kiểm tra thực tế dài nhất của hồ sơ pháp lý của trang web',
    },
  },
  kycWithdrawalAboveFloor: {
    means: "kyc.withdrawalAboveUsd is above the highest withdrawal threshold of the site's jurisdiction profile",
    text: {
      'zh-TW': '提款 KYC 門檻超過網站司法管轄區設定檔的上限',
      'en-US': "kyc.withdrawalAboveUsd is above the highest withdrawal threshold of the site's jurisdiction profile",
      'zh-CN': '提款 KYC 门槛超过网站司法管辖区配置的上限',
      'th-TH': 'kyc.withdrawalAboveUsd เกินเกณฑ์การถอนสูงสุดของโปรไฟล์เขตอำนาจของเว็บไซต์',
      'vi-VN': 'kyc.withdrawalAboveUsd vượt quá ngưỡng rút tiền cao nhất của hồ sơ pháp lý của trang web',
    },
  },
  kycLevel2AboveFloor: {
    means: "kyc.depositLevel2AboveUsd is above the highest level-2 deposit threshold of the site's jurisdiction profile",
    text: {
      'zh-TW': '第 2 級存款門檻超過網站司法管轄區設定檔的上限',
      'en-US': "kyc.depositLevel2AboveUsd is above the highest level-2 deposit threshold of the site's jurisdiction profile",
      'zh-CN': '第 2 级存款门槛超过网站司法管辖区配置的上限',
      'th-TH': 'kyc.depositLevel2AboveUsd เกินเกณฑ์การฝากระดับ 2 สูงสุดของโปรไฟล์เขตอำนาจของเว็บไซต์',
      'vi-VN': 'kyc.depositLevel2AboveUsd vượt quá ngưỡng nạp cấp 2 cao nhất của hồ sơ pháp lý của trang web',
    },
  },
  kycLevel3AboveFloor: {
    means: "kyc.depositLevel3AboveUsd is above the highest level-3 deposit threshold of the site's jurisdiction profile",
    text: {
      'zh-TW': '第 3 級存款門檻超過網站司法管轄區設定檔的上限',
      'en-US': "kyc.depositLevel3AboveUsd is above the highest level-3 deposit threshold of the site's jurisdiction profile",
      'zh-CN': '第 3 级存款门槛超过网站司法管辖区配置的上限',
      'th-TH': 'kyc.depositLevel3AboveUsd เกินเกณฑ์การฝากระดับ 3 สูงสุดของโปรไฟล์เขตอำนาจของเว็บไซต์',
      'vi-VN': 'kyc.depositLevel3AboveUsd vượt quá ngưỡng nạp cấp 3 cao nhất của hồ sơ pháp lý của trang web',
    },
  },
  profileUnknown: {
    means: 'the jurisdiction names no profile',
    text: {
      'zh-TW': '沒有此司法管轄區設定檔',
      'en-US': 'No such jurisdiction profile',
      'zh-CN': '没有此司法管辖区配置',
      'th-TH': 'ไม่มีโปรไฟล์เขตอำนาจนี้',
      'vi-VN': 'Không có hồ sơ pháp lý này',
    },
  },
});

declare module '../refusals' {
  interface RefusalRegistry {
    'site-config': typeof siteConfigRefusals;
  }
}
