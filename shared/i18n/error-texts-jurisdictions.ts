import type { ErrorText } from './error-texts';

/**
 * The texts of the jurisdiction floors (docs/decisions/site-config.md, "Jurisdiction profiles: compliance floors a site
 * administrator cannot lower"): each names the floor a site setting may not pass.
 */
export function jurisdictionErrorTexts(): ErrorText[] {
  const settings = '/api/site-config/admin/:id/settings';
  // One text for a profile name that names none, on site creation and on the profile's assignment.
  const noSuchProfile: ErrorText['text'] = {
    'zh-TW': '沒有此司法管轄區設定檔',
    'zh-CN': '没有此司法管辖区配置',
    'en-US': 'No such jurisdiction profile',
    'th-TH': 'ไม่มีโปรไฟล์เขตอำนาจนี้',
    'vi-VN': 'Không có hồ sơ pháp lý này',
  };
  return [
    {
      path: settings,
      code: 2002,
      text: {
        'zh-TW': '最低年齡低於網站司法管轄區設定檔的下限',
        'zh-CN': '最低年龄低于网站司法管辖区配置的下限',
        'en-US': "minimumAge is below the minimum age of the site's jurisdiction profile",
        'th-TH': 'minimumAge ต่ำกว่าอายุขั้นต่ำของโปรไฟล์เขตอำนาจของเว็บไซต์',
        'vi-VN': 'minimumAge thấp hơn độ tuổi tối thiểu của hồ sơ pháp lý của trang web',
      },
    },
    {
      path: settings,
      code: 2003,
      text: {
        'zh-TW': '提高限額的等待時間低於網站司法管轄區設定檔的下限',
        'zh-CN': '提高限额的等待时间低于网站司法管辖区配置的下限',
        'en-US': "responsibleGaming.increaseDelayHours is below the limit-increase delay of the site's jurisdiction profile",
        'th-TH': 'responsibleGaming.increaseDelayHours ต่ำกว่าระยะรอการเพิ่มวงเงินของโปรไฟล์เขตอำนาจของเว็บไซต์',
        'vi-VN': 'responsibleGaming.increaseDelayHours thấp hơn thời gian chờ tăng hạn mức của hồ sơ pháp lý của trang web',
      },
    },
    {
      path: settings,
      code: 2004,
      text: {
        'zh-TW': '最短自我排除期低於網站司法管轄區設定檔的下限',
        'zh-CN': '最短自我排除期低于网站司法管辖区配置的下限',
        'en-US': "responsibleGaming.minimumExclusionMonths is below the minimum self-exclusion of the site's jurisdiction profile",
        'th-TH': 'responsibleGaming.minimumExclusionMonths ต่ำกว่าระยะแยกตัวเองขั้นต่ำของโปรไฟล์เขตอำนาจของเว็บไซต์',
        'vi-VN': 'responsibleGaming.minimumExclusionMonths thấp hơn thời gian tự loại trừ tối thiểu của hồ sơ pháp lý của trang web',
      },
    },
    {
      path: settings,
      code: 2005,
      text: {
        'zh-TW': '現實檢查寬限時間超過網站司法管轄區設定檔的上限',
        'zh-CN': '现实检查宽限时间超过网站司法管辖区配置的上限',
        'en-US': "responsibleGaming.realityCheckGraceSeconds is above the longest reality-check grace of the site's jurisdiction profile",
        'th-TH': 'responsibleGaming.realityCheckGraceSeconds เกินระยะผ่อนผันการตรวจสอบความจริงที่ยาวที่สุดของโปรไฟล์เขตอำนาจของเว็บไซต์',
        'vi-VN': 'responsibleGaming.realityCheckGraceSeconds vượt quá thời gian ân hạn kiểm tra thực tế dài nhất của hồ sơ pháp lý của trang web',
      },
    },
    {
      path: settings,
      code: 2006,
      text: {
        'zh-TW': '提款 KYC 門檻超過網站司法管轄區設定檔的上限',
        'zh-CN': '提款 KYC 门槛超过网站司法管辖区配置的上限',
        'en-US': "kyc.withdrawalAboveUsd is above the highest withdrawal threshold of the site's jurisdiction profile",
        'th-TH': 'kyc.withdrawalAboveUsd เกินเกณฑ์การถอนสูงสุดของโปรไฟล์เขตอำนาจของเว็บไซต์',
        'vi-VN': 'kyc.withdrawalAboveUsd vượt quá ngưỡng rút tiền cao nhất của hồ sơ pháp lý của trang web',
      },
    },
    {
      path: settings,
      code: 2007,
      text: {
        'zh-TW': '第 2 級存款門檻超過網站司法管轄區設定檔的上限',
        'zh-CN': '第 2 级存款门槛超过网站司法管辖区配置的上限',
        'en-US': "kyc.depositLevel2AboveUsd is above the highest level-2 deposit threshold of the site's jurisdiction profile",
        'th-TH': 'kyc.depositLevel2AboveUsd เกินเกณฑ์การฝากระดับ 2 สูงสุดของโปรไฟล์เขตอำนาจของเว็บไซต์',
        'vi-VN': 'kyc.depositLevel2AboveUsd vượt quá ngưỡng nạp cấp 2 cao nhất của hồ sơ pháp lý của trang web',
      },
    },
    {
      path: settings,
      code: 2008,
      text: {
        'zh-TW': '第 3 級存款門檻超過網站司法管轄區設定檔的上限',
        'zh-CN': '第 3 级存款门槛超过网站司法管辖区配置的上限',
        'en-US': "kyc.depositLevel3AboveUsd is above the highest level-3 deposit threshold of the site's jurisdiction profile",
        'th-TH': 'kyc.depositLevel3AboveUsd เกินเกณฑ์การฝากระดับ 3 สูงสุดของโปรไฟล์เขตอำนาจของเว็บไซต์',
        'vi-VN': 'kyc.depositLevel3AboveUsd vượt quá ngưỡng nạp cấp 3 cao nhất của hồ sơ pháp lý của trang web',
      },
    },
    {
      path: '/api/site-config/admin',
      code: 2004,
      text: noSuchProfile,
    },
    {
      path: '/api/site-config/admin/:id/jurisdiction',
      code: 2002,
      text: noSuchProfile,
    },
  ];
}
