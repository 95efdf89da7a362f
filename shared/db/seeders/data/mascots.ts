import type { LocaleText } from '../../../i18n/locales';

/**
 * Default mascot list held in site configuration.
 * Images are 512x512 PNGs on object storage; see mascotUrl.
 */
export interface MascotSeed {
  id: string;
  label: LocaleText;
}

export const MASCOTS: readonly MascotSeed[] = [
  { id: 'mascot-dragon', label: { 'zh-TW': '神龍', 'en-US': 'Dragon', 'zh-CN': '神龙', 'th-TH': 'มังกร', 'vi-VN': 'Rồng' } },
  { id: 'mascot-phoenix', label: { 'zh-TW': '鳳凰', 'en-US': 'Phoenix', 'zh-CN': '凤凰', 'th-TH': 'ฟีนิกซ์', 'vi-VN': 'Phượng Hoàng' } },
  { id: 'mascot-angel', label: { 'zh-TW': '天使', 'en-US': 'Angel', 'zh-CN': '天使', 'th-TH': 'นางฟ้า', 'vi-VN': 'Thiên Thần' } },
  { id: 'mascot-wizard', label: { 'zh-TW': '巫師', 'en-US': 'Wizard', 'zh-CN': '巫师', 'th-TH': 'พ่อมด', 'vi-VN': 'Phù Thủy' } },
  { id: 'mascot-knight', label: { 'zh-TW': '騎士', 'en-US': 'Knight', 'zh-CN': '骑士', 'th-TH': 'อัศวิน', 'vi-VN': 'Hiệp Sĩ' } },
  { id: 'mascot-mermaid', label: { 'zh-TW': '美人魚', 'en-US': 'Mermaid', 'zh-CN': '美人鱼', 'th-TH': 'นางเงือก', 'vi-VN': 'Nàng Tiên Cá' } },
  { id: 'mascot-tiger', label: { 'zh-TW': '猛虎', 'en-US': 'Tiger', 'zh-CN': '猛虎', 'th-TH': 'เสือ', 'vi-VN': 'Hổ' } },
  { id: 'mascot-fox', label: { 'zh-TW': '靈狐', 'en-US': 'Fox', 'zh-CN': '灵狐', 'th-TH': 'จิ้งจอก', 'vi-VN': 'Cáo' } },
  { id: 'mascot-owl', label: { 'zh-TW': '貓頭鷹', 'en-US': 'Owl', 'zh-CN': '猫头鹰', 'th-TH': 'นกฮูก', 'vi-VN': 'Cú Mèo' } },
  { id: 'mascot-wolf', label: { 'zh-TW': '蒼狼', 'en-US': 'Wolf', 'zh-CN': '苍狼', 'th-TH': 'หมาป่า', 'vi-VN': 'Sói' } },
];

/** `${assetBaseUrl without trailing slash}/mascots/${id}.png` */
export function mascotUrl(assetBaseUrl: string, id: string): string {
  return `${assetBaseUrl.replace(/\/+$/, '')}/mascots/${id}.png`;
}
