import { declareRefusals } from '../refusals';

/**
 * Why the KYC area says no (shared/domain/refusals.ts): each name with its meaning and its message in
 * every locale; endpoints map the names to their numbers (docs/kyc.md).
 */
export const kycRefusals = declareRefusals('kyc', {
  underAge: {
    means: "the date of birth is below the site's minimum age",
    text: {
      'zh-TW': '未達本站的最低年齡限制',
      'en-US': 'You are below the minimum age of this site',
      'zh-CN': '未达到本站的最低年龄要求',
      'th-TH': 'อายุของคุณต่ำกว่าอายุขั้นต่ำของเว็บไซต์นี้',
      'vi-VN': 'Bạn chưa đủ độ tuổi tối thiểu của trang này',
    },
  },
  profileLocked: {
    means: 'the profile cannot change while a document is pending or approved',
    text: {
      'zh-TW': '證件審核中或已通過，無法修改個人資料',
      'en-US': 'The profile cannot change while a document is pending or approved',
      'zh-CN': '证件审核中或已通过，无法修改个人资料',
      'th-TH': 'ไม่สามารถแก้ไขข้อมูลได้ขณะที่เอกสารกำลังตรวจสอบหรือได้รับการอนุมัติแล้ว',
      'vi-VN': 'Không thể thay đổi hồ sơ khi có giấy tờ đang chờ duyệt hoặc đã được duyệt',
    },
  },
  documentPending: {
    means: 'a document of this kind is already waiting for review',
    text: {
      'zh-TW': '此類文件已在審核中',
      'en-US': 'A document of this kind is already waiting for review',
      'zh-CN': '此类文件已在审核中',
      'th-TH': 'มีเอกสารประเภทนี้รอการตรวจสอบอยู่แล้ว',
      'vi-VN': 'Đã có giấy tờ loại này đang chờ duyệt',
    },
  },
  documentNotFound: {
    means: 'no such document of the player (of the site, for operators)',
    text: {
      'zh-TW': '找不到文件',
      'en-US': 'Document not found',
      'zh-CN': '找不到文件',
      'th-TH': 'ไม่พบเอกสาร',
      'vi-VN': 'Không tìm thấy giấy tờ',
    },
  },
  documentReviewed: {
    means: 'the document was already reviewed (another decision came first)',
    text: {
      'zh-TW': '此文件已審核',
      'en-US': 'This document was already reviewed',
      'zh-CN': '此文件已审核',
      'th-TH': 'เอกสารนี้ได้รับการตรวจสอบแล้ว',
      'vi-VN': 'Giấy tờ này đã được duyệt',
    },
  },
  level2Required: {
    means: 'this money move needs KYC level 2 (identity document and selfie approved)',
    text: {
      'zh-TW': '需完成身分驗證第 2 級（證件與自拍照審核通過）',
      'en-US': 'Identity verification level 2 is required (identity document and selfie approved)',
      'zh-CN': '需完成身份验证第 2 级（证件与自拍照审核通过）',
      'th-TH': 'ต้องยืนยันตัวตนระดับ 2 (เอกสารยืนยันตัวตนและเซลฟี่ได้รับการอนุมัติ)',
      'vi-VN': 'Cần xác minh danh tính cấp 2 (giấy tờ tùy thân và ảnh chân dung được duyệt)',
    },
  },
  level3Required: {
    means: 'this money move needs KYC level 3 (proof of address approved)',
    text: {
      'zh-TW': '需完成身分驗證第 3 級（地址證明審核通過）',
      'en-US': 'Identity verification level 3 is required (proof of address approved)',
      'zh-CN': '需完成身份验证第 3 级（地址证明审核通过）',
      'th-TH': 'ต้องยืนยันตัวตนระดับ 3 (หลักฐานที่อยู่ได้รับการอนุมัติ)',
      'vi-VN': 'Cần xác minh danh tính cấp 3 (giấy tờ chứng minh địa chỉ được duyệt)',
    },
  },
  frozenUnderAge: {
    means: "the account is frozen for deposits, bets and promotion claims: the date of birth given is below the site's minimum age, until an operator decides",
    text: {
      'zh-TW': '帳戶已凍結：提供的出生日期未達本站最低年齡，在客服審核前不可存款、投注或領取優惠',
      'en-US':
        "The account is frozen: the date of birth given is below the site's minimum age; deposits, bets and promotion claims are refused until an operator decides",
      'zh-CN': '账户已冻结：提供的出生日期未达本站最低年龄，在客服审核前不可存款、投注或领取优惠',
      'th-TH': 'บัญชีถูกระงับ: วันเกิดที่ให้ไว้ต่ำกว่าอายุขั้นต่ำของเว็บไซต์ ไม่สามารถฝากเงิน เดิมพัน หรือรับโปรโมชั่นได้จนกว่าเจ้าหน้าที่จะตัดสิน',
      'vi-VN':
        'Tài khoản bị đóng băng: ngày sinh đã khai dưới độ tuổi tối thiểu của trang; không thể nạp tiền, đặt cược hay nhận khuyến mãi cho đến khi nhân viên quyết định',
    },
  },
  profileRequired: {
    means: 'a document needs the profile first (documents are reviewed against it)',
    text: {
      'zh-TW': '請先填寫身分資料再上傳文件',
      'en-US': 'Complete the profile before uploading documents',
      'zh-CN': '请先填写身份资料再上传文件',
      'th-TH': 'กรุณากรอกข้อมูลส่วนตัวก่อนอัปโหลดเอกสาร',
      'vi-VN': 'Vui lòng hoàn tất hồ sơ trước khi tải giấy tờ lên',
    },
  },
  flagNotFound: {
    means: 'no such KYC flag of the site',
    text: {
      'zh-TW': '找不到此標記',
      'en-US': 'No such flag',
      'zh-CN': '找不到此标记',
      'th-TH': 'ไม่พบการแจ้งเตือนนี้',
      'vi-VN': 'Không tìm thấy cờ này',
    },
  },
  flagDecided: {
    means: 'the flag was already decided (another decision came first)',
    text: {
      'zh-TW': '此標記已處理',
      'en-US': 'This flag was already decided',
      'zh-CN': '此标记已处理',
      'th-TH': 'การแจ้งเตือนนี้ได้รับการตัดสินแล้ว',
      'vi-VN': 'Cờ này đã được xử lý',
    },
  },
});

declare module '../refusals' {
  interface RefusalRegistry {
    kyc: typeof kycRefusals;
  }
}
