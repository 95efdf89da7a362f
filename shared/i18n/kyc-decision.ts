import type { Locale } from './locales';

/**
 * The notice of an operator's decision on a KYC document (inbox message and mail), in each player
 * locale: {kind} is the document's name, {reason} the operator's reason.
 */
export interface KycDecisionTexts {
  kinds: Record<'id-front' | 'id-back' | 'selfie' | 'address-proof', string>;
  approvedTitle: string;
  approved: (kind: string) => string;
  rejectedTitle: string;
  rejected: (kind: string, reason: string) => string;
}

export const KYC_DECISION_TEXTS: Record<Locale, KycDecisionTexts> = {
  'zh-TW': {
    kinds: { 'id-front': '身分證件正面', 'id-back': '身分證件背面', selfie: '自拍照', 'address-proof': '地址證明' },
    approvedTitle: '身分驗證文件已通過',
    approved: (k) => `您提交的${k}已審核通過。`,
    rejectedTitle: '身分驗證文件未通過',
    rejected: (k, r) => `您提交的${k}未通過審核，原因：${r}。請重新上傳。`,
  },
  'zh-CN': {
    kinds: { 'id-front': '身份证件正面', 'id-back': '身份证件背面', selfie: '自拍照', 'address-proof': '地址证明' },
    approvedTitle: '身份验证文件已通过',
    approved: (k) => `您提交的${k}已审核通过。`,
    rejectedTitle: '身份验证文件未通过',
    rejected: (k, r) => `您提交的${k}未通过审核，原因：${r}。请重新上传。`,
  },
  'en-US': {
    kinds: { 'id-front': 'identity document (front)', 'id-back': 'identity document (back)', selfie: 'selfie', 'address-proof': 'proof of address' },
    approvedTitle: 'Verification document approved',
    approved: (k) => `Your ${k} has been approved.`,
    rejectedTitle: 'Verification document rejected',
    rejected: (k, r) => `Your ${k} was rejected: ${r}. Please upload a new one.`,
  },
  'th-TH': {
    kinds: { 'id-front': 'เอกสารยืนยันตัวตน (ด้านหน้า)', 'id-back': 'เอกสารยืนยันตัวตน (ด้านหลัง)', selfie: 'ภาพเซลฟี่', 'address-proof': 'หลักฐานที่อยู่' },
    approvedTitle: 'เอกสารยืนยันตัวตนได้รับการอนุมัติ',
    approved: (k) => `${k} ของคุณได้รับการอนุมัติแล้ว`,
    rejectedTitle: 'เอกสารยืนยันตัวตนไม่ผ่านการตรวจสอบ',
    rejected: (k, r) => `${k} ของคุณไม่ผ่านการตรวจสอบ: ${r} กรุณาอัปโหลดใหม่`,
  },
  'vi-VN': {
    kinds: {
      'id-front': 'giấy tờ tùy thân (mặt trước)',
      'id-back': 'giấy tờ tùy thân (mặt sau)',
      selfie: 'ảnh chân dung',
      'address-proof': 'giấy tờ chứng minh địa chỉ',
    },
    approvedTitle: 'Giấy tờ xác minh đã được duyệt',
    approved: (k) => `${k} của bạn đã được duyệt.`,
    rejectedTitle: 'Giấy tờ xác minh bị từ chối',
    rejected: (k, r) => `${k} của bạn bị từ chối: ${r}. Vui lòng tải lên lại.`,
  },
};
