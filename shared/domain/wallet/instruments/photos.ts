import { BankCard, UploadedImage } from '../../../db/models';
import { Refusal } from '../../../errors';
import { openObject } from '../../../integrations/storage';
import { IMAGE_FORMATS, type ImageFormat } from '../../uploads';
import type { BankCardPhoto } from './bank-cards';

/**
 * The bank card photos (identity documents), read for the authenticated photo endpoints only: a player
 * gets the photos of their own live cards; an administrator with wallet:read those of any card of the
 * site, deleted ones too. Anything else is `bankCardNotFound`, the same answer whether the card
 * does not exist or is someone else's. The bytes are a stream from storage, for the endpoint to pass on.
 */
export type PhotoViewer = { player: number } | { admin: true };
export type PhotoSize = 'original' | 'thumbnail';

const notFound = () => new Refusal('wallet.bankCardNotFound');

export async function bankCardPhoto(viewer: PhotoViewer, siteCode: string, cardId: number, photo: BankCardPhoto, size: PhotoSize = 'original') {
  const where = 'player' in viewer ? { id: cardId, siteCode, userId: viewer.player, deletedAt: null } : { id: cardId, siteCode };
  const card = await BankCard.findOne({ where, attributes: ['id', photo] });
  if (!card) throw notFound();
  const key = card[photo];
  const image = await UploadedImage.findOne({ where: { storageKey: key }, attributes: ['format', 'thumbnailKey'] });
  const thumbnail = size === 'thumbnail' && image?.thumbnailKey ? image.thumbnailKey : null;
  const stored = await openObject(thumbnail ?? key);
  if (!stored) throw notFound();
  const contentType = thumbnail ? 'image/webp' : IMAGE_FORMATS[(image?.format ?? 'jpeg') as ImageFormat].contentType;
  return { ...stored, contentType };
}
