import type { Transaction } from 'sequelize';
import { PaymentChannelGroup } from '../../db/models';
import { LOCALE_CURRENCY, isLocale } from '../../i18n/locales';

/** The enabled channel group of the locale's currency with the smallest id, or null (a new player's channel group). */
export async function pickChannelGroup(siteCode: string, locale: string, transaction?: Transaction): Promise<number | null> {
  const currency = isLocale(locale) ? LOCALE_CURRENCY[locale] : undefined;
  if (!currency) return null;
  const group = await PaymentChannelGroup.findOne({
    where: { siteCode, currency, enabled: 1 },
    order: [['id', 'ASC']],
    attributes: ['id'],
    transaction,
  });
  return group?.id ?? null;
}
