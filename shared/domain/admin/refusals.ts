import { declareRefusals } from '../refusals';
import { WRONG_ACCOUNT_OR_PASSWORD } from '../common';

/**
 * Why the admin area says no (shared/domain/refusals.ts): each name with its meaning and its message in
 * every locale; endpoints map the names to their numbers.
 */
export const adminRefusals = declareRefusals('admin', {
  credentialsWrong: {
    means: 'no administrator with this account, or a wrong password',
    text: WRONG_ACCOUNT_OR_PASSWORD,
  },
  accountDisabled: {
    means: 'the administrator account is disabled',
    text: {
      'zh-TW': '帳號已停用',
      'en-US': 'Account is disabled',
      'zh-CN': '账号已停用',
      'th-TH': 'บัญชีถูกระงับการใช้งาน',
      'vi-VN': 'Tài khoản đã bị vô hiệu hóa',
    },
  },
  adminNotFound: {
    means: 'no such administrator',
    text: {
      'zh-TW': '找不到管理員',
      'en-US': 'Administrator not found',
      'zh-CN': '找不到管理员',
      'th-TH': 'ไม่พบผู้ดูแลระบบ',
      'vi-VN': 'Không tìm thấy quản trị viên',
    },
    wordings: {
      account: {
        'zh-TW': '管理員帳號不存在',
        'en-US': 'Administrator not found',
        'zh-CN': '管理员账号不存在',
        'th-TH': 'ไม่พบบัญชีผู้ดูแลระบบ',
        'vi-VN': 'Không tìm thấy quản trị viên',
      },
    },
  },
  accountTaken: {
    means: 'an administrator with this account exists',
    text: {
      'zh-TW': '管理員帳號已存在',
      'en-US': 'Administrator account already exists',
      'zh-CN': '管理员账号已存在',
      'th-TH': 'บัญชีผู้ดูแลระบบนี้มีอยู่แล้ว',
      'vi-VN': 'Tài khoản quản trị viên đã tồn tại',
    },
  },
  groupNotFound: {
    means: 'no such administrator group',
    text: {
      'zh-TW': '找不到管理群組',
      'en-US': 'Admin group not found',
      'zh-CN': '找不到管理组',
      'th-TH': 'ไม่พบกลุ่มผู้ดูแลระบบ',
      'vi-VN': 'Không tìm thấy nhóm quản trị',
    },
  },
  deleteOwnAccount: {
    means: 'an administrator cannot delete its own account',
    text: {
      'zh-TW': '無法刪除自己的帳號',
      'en-US': 'You cannot delete your own account',
      'zh-CN': '无法删除自己的账号',
      'th-TH': 'ไม่สามารถลบบัญชีของตัวเองได้',
      'vi-VN': 'Không thể xóa tài khoản của chính bạn',
    },
  },
  groupHasAdmins: {
    means: 'the group still has administrators',
    text: {
      'zh-TW': '群組內仍有管理員，無法刪除',
      'en-US': 'Group still has administrators and cannot be deleted',
      'zh-CN': '该组内仍有管理员，无法删除',
      'th-TH': 'กลุ่มนี้ยังมีผู้ดูแลระบบอยู่ จึงลบไม่ได้',
      'vi-VN': 'Nhóm vẫn còn quản trị viên, không thể xóa',
    },
  },
  groupNameTaken: {
    means: 'another administrator group has this name',
    text: {
      'zh-TW': '管理群組名稱已被使用',
      'en-US': 'An admin group with this name already exists',
      'zh-CN': '管理组名称已被使用',
      'th-TH': 'มีกลุ่มผู้ดูแลระบบที่ใช้ชื่อนี้อยู่แล้ว',
      'vi-VN': 'Đã có nhóm quản trị mang tên này',
    },
  },
  siteUnknown: {
    means: "a site code of the administrator's sites names no site",
    text: {
      'zh-TW': '指定的站點中有不存在的站點',
      'en-US': 'One of the sites does not exist',
      'zh-CN': '指定的站点中有不存在的站点',
      'th-TH': 'มีไซต์ที่ระบุซึ่งไม่มีอยู่ในระบบ',
      'vi-VN': 'Một trong các trang được chỉ định không tồn tại',
    },
  },
  userNotFound: {
    means: "no such player, or one of another site than the administrator's filter",
    text: {
      'zh-TW': '找不到玩家',
      'en-US': 'User not found',
      'zh-CN': '找不到玩家',
      'th-TH': 'ไม่พบผู้เล่น',
      'vi-VN': 'Không tìm thấy người chơi',
    },
  },
  balanceTooLow: {
    means: "the debit would take the player's balance below zero",
    text: {
      'zh-TW': '餘額不足，無法扣款',
      'en-US': 'Insufficient balance for this debit',
      'zh-CN': '余额不足，无法扣款',
      'th-TH': 'ยอดเงินไม่พอสำหรับการหักเงินนี้',
      'vi-VN': 'Số dư không đủ để trừ tiền',
    },
  },
  totpSetupRequired: {
    means: "the administrator's group requires an authenticator and the administrator has none enabled yet",
    text: {
      'zh-TW': '所屬群組要求使用驗證器，請先設定驗證器',
      'en-US': 'Your group requires an authenticator: set one up first',
      'zh-CN': '所属群组要求使用验证器，请先设置验证器',
      'th-TH': 'กลุ่มของคุณกำหนดให้ใช้แอปยืนยันตัวตน กรุณาตั้งค่าก่อน',
      'vi-VN': 'Nhóm của bạn yêu cầu ứng dụng xác thực, vui lòng thiết lập trước',
    },
  },
  totpRequiredByGroup: {
    means: "the administrator's group requires an authenticator: it cannot be disabled",
    text: {
      'zh-TW': '所屬群組要求使用驗證器，無法停用',
      'en-US': 'Your group requires an authenticator: it cannot be disabled',
      'zh-CN': '所属群组要求使用验证器，无法停用',
      'th-TH': 'กลุ่มของคุณกำหนดให้ใช้แอปยืนยันตัวตน จึงปิดไม่ได้',
      'vi-VN': 'Nhóm của bạn yêu cầu ứng dụng xác thực nên không thể tắt',
    },
  },
  totpSetupNotNeeded: {
    means: 'no authenticator set-up at login: the administrator has one enabled, or its group does not require one',
    text: {
      'zh-TW': '無需在登入時設定驗證器',
      'en-US': 'No authenticator set-up needed at login',
      'zh-CN': '无需在登录时设置验证器',
      'th-TH': 'ไม่จำเป็นต้องตั้งค่าแอปยืนยันตัวตนขณะเข้าสู่ระบบ',
      'vi-VN': 'Không cần thiết lập ứng dụng xác thực khi đăng nhập',
    },
  },
});

declare module '../refusals' {
  interface RefusalRegistry {
    admin: typeof adminRefusals;
  }
}
