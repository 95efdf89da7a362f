import type { LocaleText } from '../../i18n/locales';
import { declareRefusals } from '../refusals';
import { PLAYER_NOT_FOUND } from '../common';

/** Texts the area answers for more than one refusal (or wording), written once. */
const notAwaitingResolution: LocaleText = {
  'zh-TW': '此訂單不需人工處理或已以其他方式處理',
  'en-US': 'This order is not awaiting a resolution, or was resolved the other way',
  'zh-CN': '此订单无需人工处理或已以其他方式处理',
  'th-TH': 'รายการนี้ไม่รอการตัดสินหรือได้รับการจัดการแล้วด้วยวิธีอื่น',
  'vi-VN': 'Đơn này không chờ xử lý hoặc đã được xử lý theo cách khác',
};

/**
 * Why the deposit area (deposits and the payment vendor's orders) says no (shared/domain/refusals.ts):
 * each name with its meaning and its message in every locale; endpoints map the names to their numbers.
 */
export const depositRefusals = declareRefusals('deposit', {
  bankCodeFormat: {
    means: 'a bank code is 2 to 20 lowercase letters or digits, starting with a letter',
    text: {
      'zh-TW': '銀行代碼格式錯誤',
      'en-US': 'Invalid bank code format',
      'zh-CN': '银行代码格式错误',
      'th-TH': 'รูปแบบรหัสธนาคารไม่ถูกต้อง',
      'vi-VN': 'Định dạng mã ngân hàng không hợp lệ',
    },
  },
  rateUnknown: {
    means: 'no exchange rate is known for the bank or the currency',
    text: {
      'zh-TW': '匯率換算失敗',
      'en-US': 'Currency conversion failed',
      'zh-CN': '汇率换算失败',
      'th-TH': 'แปลงสกุลเงินไม่สำเร็จ',
      'vi-VN': 'Quy đổi tỷ giá thất bại',
    },
    wordings: {
      ratesUnreadable: {
        'zh-TW': '匯率解析失敗',
        'en-US': 'Failed to parse exchange rates',
        'zh-CN': '汇率解析失败',
        'th-TH': 'อ่านข้อมูลอัตราแลกเปลี่ยนไม่สำเร็จ',
        'vi-VN': 'Không thể phân tích tỷ giá',
      },
    },
  },
  noChannelGroup: {
    means: 'the player has no payment channel group',
    text: {
      'zh-TW': '尚未分配支付通道群組',
      'en-US': 'No payment channel group assigned',
      'zh-CN': '尚未分配支付通道组',
      'th-TH': 'ยังไม่ได้กำหนดกลุ่มช่องทางชำระเงิน',
      'vi-VN': 'Chưa được gán nhóm kênh thanh toán',
    },
  },
  channelGroupUnavailable: {
    means: "the player's channel group is missing, of another site or disabled",
    text: {
      'zh-TW': '支付通道群組不存在或已停用',
      'en-US': 'Payment channel group not found or disabled',
      'zh-CN': '支付通道组不存在或已停用',
      'th-TH': 'ไม่พบกลุ่มช่องทางชำระเงินหรือถูกปิดใช้งาน',
      'vi-VN': 'Nhóm kênh thanh toán không tồn tại hoặc đã bị vô hiệu hóa',
    },
  },
  channelMissing: {
    means: 'the channel group names a channel the site does not have',
    text: {
      'zh-TW': '支付通道不存在或不在所屬群組中',
      'en-US': 'Payment channel not found or not in your group',
      'zh-CN': '支付通道不存在或不在所属组中',
      'th-TH': 'ไม่พบช่องทางชำระเงินหรือไม่อยู่ในกลุ่มของคุณ',
      'vi-VN': 'Kênh thanh toán không tồn tại hoặc không thuộc nhóm của bạn',
    },
  },
  noUsdtChannel: {
    means: 'a crypto deposit names no channel of the player',
    text: {
      'zh-TW': '目前沒有可用的 USDT 通道',
      'en-US': 'No USDT channel available',
      'zh-CN': '目前没有可用的 USDT 通道',
      'th-TH': 'ไม่มีช่องทาง USDT ที่ใช้งานได้',
      'vi-VN': 'Không có kênh USDT khả dụng',
    },
  },
  channelUnavailable: {
    means: "the channel is not the player's, not built for the method, or the fiat vendor is not configured",
    text: {
      'zh-TW': '目前沒有可用的支付通道',
      'en-US': 'No payment channel available',
      'zh-CN': '目前没有可用的支付通道',
      'th-TH': 'ไม่มีช่องทางชำระเงินที่ใช้งานได้',
      'vi-VN': 'Không có kênh thanh toán khả dụng',
    },
    wordings: {
      notOpenYet: {
        'zh-TW': '此通道尚未開放',
        'en-US': 'This channel is not available yet',
        'zh-CN': '该通道尚未开放',
        'th-TH': 'ช่องทางนี้ยังไม่เปิดให้บริการ',
        'vi-VN': 'Kênh này chưa được mở',
      },
    },
  },
  methodNotSupported: {
    means: 'the channel does not take the payment method',
    text: {
      'zh-TW': '不支援此付款方式',
      'en-US': 'Payment method not supported',
      'zh-CN': '不支持该付款方式',
      'th-TH': 'ไม่รองรับวิธีการชำระเงินนี้',
      'vi-VN': 'Phương thức thanh toán không được hỗ trợ',
    },
  },
  noPaymentAddress: {
    means: 'the crypto channel has no payment address',
    text: {
      'zh-TW': '此通道尚未設定收款地址',
      'en-US': 'This channel has no payment address',
      'zh-CN': '该通道尚未配置收款地址',
      'th-TH': 'ช่องทางนี้ยังไม่มีที่อยู่รับชำระเงิน',
      'vi-VN': 'Kênh này chưa có địa chỉ nhận thanh toán',
    },
  },
  atmOrderRefused: {
    means: 'the fiat vendor refused the ATM transfer order',
    text: {
      'zh-TW': '建立 ATM 訂單失敗',
      'en-US': 'Failed to create ATM order',
      'zh-CN': '创建 ATM 订单失败',
      'th-TH': 'สร้างรายการชำระเงินผ่าน ATM ไม่สำเร็จ',
      'vi-VN': 'Tạo đơn ATM thất bại',
    },
  },
  atmOrderUnanswered: {
    means: 'the fiat vendor could not be reached or did not answer the ATM transfer order in time',
    text: {
      'zh-TW': 'ATM 訂單請求錯誤',
      'en-US': 'ATM order request error',
      'zh-CN': 'ATM 订单请求错误',
      'th-TH': 'คำขอรายการชำระเงินผ่าน ATM ผิดพลาด',
      'vi-VN': 'Lỗi yêu cầu đơn ATM',
    },
  },
  cardOrderRefused: {
    means: 'the fiat vendor refused the card payment order',
    text: {
      'zh-TW': '建立刷卡訂單失敗',
      'en-US': 'Failed to create card payment order',
      'zh-CN': '创建刷卡订单失败',
      'th-TH': 'สร้างรายการชำระเงินด้วยบัตรไม่สำเร็จ',
      'vi-VN': 'Tạo đơn thanh toán thẻ thất bại',
    },
  },
  cardOrderUnanswered: {
    means: 'the fiat vendor could not be reached or did not answer the card payment order in time',
    text: {
      'zh-TW': '刷卡訂單請求錯誤',
      'en-US': 'Card payment order request error',
      'zh-CN': '刷卡订单请求错误',
      'th-TH': 'คำขอรายการชำระเงินด้วยบัตรผิดพลาด',
      'vi-VN': 'Lỗi yêu cầu đơn thanh toán thẻ',
    },
  },
  orderNotFound: {
    means: 'no such deposit order on the site',
    text: {
      'zh-TW': '找不到存款訂單',
      'en-US': 'Deposit order not found',
      'zh-CN': '找不到存款订单',
      'th-TH': 'ไม่พบรายการฝากเงิน',
      'vi-VN': 'Không tìm thấy đơn nạp tiền',
    },
  },
  notAwaitingResolution: {
    means: 'the order is not flagged, or was resolved the other way',
    text: notAwaitingResolution,
  },
  nothingPaid: {
    means: 'nothing was paid for the order, so there is nothing to credit',
    text: notAwaitingResolution,
  },
  statusMoveNotAllowed: {
    means: 'the order\'s status may not become the one asked (docs/payments.md, "Status moves")',
    text: notAwaitingResolution,
  },
  channelGroupNotFound: {
    means: 'no such payment channel group on the site',
    text: {
      'zh-TW': '找不到此站點的支付通道群組',
      'en-US': 'Payment channel group not found',
      'zh-CN': '找不到此站点的支付通道组',
      'th-TH': 'ไม่พบกลุ่มช่องทางชำระเงินของไซต์นี้',
      'vi-VN': 'Không tìm thấy nhóm kênh thanh toán',
    },
  },
  paymentChannelNotFound: {
    means: 'no such payment channel on the site',
    text: {
      'zh-TW': '找不到此站點的支付通道',
      'en-US': 'Payment channel not found',
      'zh-CN': '找不到此站点的支付通道',
      'th-TH': 'ไม่พบช่องทางชำระเงินของไซต์นี้',
      'vi-VN': 'Không tìm thấy kênh thanh toán',
    },
  },
  channelKeyTaken: {
    means: 'the site has a payment channel with that key already',
    text: {
      'zh-TW': '此站點已有相同代碼的支付通道',
      'en-US': 'The site has a payment channel with this key already',
      'zh-CN': '此站点已有相同代码的支付通道',
      'th-TH': 'ไซต์นี้มีช่องทางชำระเงินที่ใช้คีย์นี้อยู่แล้ว',
      'vi-VN': 'Trang đã có kênh thanh toán với mã này',
    },
  },
  groupChannelUnknown: {
    means: 'a channel id of the group names no payment channel of the site',
    text: {
      'zh-TW': '群組列出的通道不是此站點的支付通道',
      'en-US': 'A channel of the group is not a payment channel of the site',
      'zh-CN': '该组列出的通道不是此站点的支付通道',
      'th-TH': 'ช่องทางในกลุ่มไม่ใช่ช่องทางชำระเงินของไซต์นี้',
      'vi-VN': 'Một kênh của nhóm không phải là kênh thanh toán của trang',
    },
  },
  groupChannelCurrency: {
    means: "a fiat channel of the group serves another currency than the group's",
    text: {
      'zh-TW': '法幣通道的幣別與群組的幣別不同',
      'en-US': "A fiat channel of the group serves another currency than the group's",
      'zh-CN': '法币通道的币种与该组的币种不同',
      'th-TH': 'ช่องทางเงินตราในกลุ่มใช้สกุลเงินที่ต่างจากสกุลเงินของกลุ่ม',
      'vi-VN': 'Một kênh tiền pháp định của nhóm dùng loại tiền khác với loại tiền của nhóm',
    },
  },
  channelListedByGroup: {
    means: 'a group that lists the fiat channel serves another currency than the one asked',
    text: {
      'zh-TW': '有群組列出此通道且使用其他幣別，無法變更幣別',
      'en-US': 'A group that lists the channel serves another currency',
      'zh-CN': '有组列出此通道且使用其他币种，无法更改币种',
      'th-TH': 'มีกลุ่มที่มีช่องทางนี้อยู่และใช้สกุลเงินอื่น จึงเปลี่ยนสกุลเงินไม่ได้',
      'vi-VN': 'Một nhóm có chứa kênh này đang dùng loại tiền khác',
    },
  },
  playerNotFound: {
    means: 'no such player on the site',
    text: PLAYER_NOT_FOUND,
  },
  channelGroupDisabled: {
    means: 'the payment channel group is disabled',
    text: {
      'zh-TW': '支付通道群組已停用',
      'en-US': 'Payment channel group is disabled',
      'zh-CN': '支付通道组已停用',
      'th-TH': 'กลุ่มช่องทางชำระเงินถูกปิดใช้งาน',
      'vi-VN': 'Nhóm kênh thanh toán đã bị vô hiệu hóa',
    },
  },
});

declare module '../refusals' {
  interface RefusalRegistry {
    deposit: typeof depositRefusals;
  }
}
