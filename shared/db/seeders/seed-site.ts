import type { Transaction } from 'sequelize';
import { LOCALES, type LocaleText } from '../../i18n/locales';
import {
  AffiliateCommissionRate,
  AgentTier,
  GameProvider,
  GameTypeConfig,
  Mission,
  PaymentChannel,
  PaymentChannelGroup,
  SiteConfig,
  SiteTheme,
  VipLevel,
} from '../models';
import { activateDefaultTheme, DEFAULT_THEME_ID } from './default-theme';
import { logger } from '../../logger';
import { db } from '../sequelize';
import { AGENT_TIERS } from './data/affiliate-program';
import { GAME_TYPES } from './data/game-types';
import { MASCOTS, mascotUrl } from './data/mascots';
import { DEFAULT_MISSIONS } from './data/missions';
import { PAYMENT_CHANNELS, PAYMENT_CHANNEL_GROUPS } from './data/payment-channels';
import { PROVIDER_TEMPLATE } from './data/provider-template';
import { VIP_LEVELS } from './data/vip-levels';

export interface SeedSiteResult {
  siteCode: string;
  seeded: string[];
  /** True when this call created the site config (false: the site existed). */
  createdConfig: boolean;
}

const sameInEveryLocale = (text: string) => Object.fromEntries(LOCALES.map((l) => [l, text])) as LocaleText;

export interface SeedSiteOptions {
  assetBaseUrl: string;
  /** The site's name: one text for every locale, or a locale map; default the site code. */
  siteName?: string | Partial<LocaleText>;
  /** Default: the five locales. */
  supportedLocales?: string[];
  /**
   * Default true: a site without any theme gets the `default` theme, active. False leaves the themes to
   * the caller (a site created from another copies that site's themes first).
   */
  defaultTheme?: boolean;
}

/**
 * Fills a site's defaults: its site config with the ten mascots, the `default` theme (active), game type
 * configs, the provider template, VIP levels, payment channels with their groups, the mission table and the affiliate program
 * (agent tiers and their default commission rates). Each kind is written only when the site
 * has none of it yet, so running it again (every start does) never overwrites an operator's changes.
 */
export async function seedSite(siteCode: string, options: SeedSiteOptions): Promise<SeedSiteResult> {
  const result = await db().transaction((transaction: Transaction) => seedSiteIn(transaction, siteCode, options));
  await noteChannelsWithoutAddress(siteCode);
  return result;
}

/**
 * One line per enabled USDT channel of the site without a receiving address (seeded channels have none,
 * and POST /deposit answers their crypto orders 2002), naming the endpoint that sets it
 * (docs/payments.md, "Payment channels through the API").
 */
async function noteChannelsWithoutAddress(siteCode: string): Promise<void> {
  const bare = await PaymentChannel.findAll({
    where: { siteCode, code: 'usdt', enabled: 1, paymentAddress: null },
    attributes: ['id', 'key', 'network'],
    order: [['id', 'ASC']],
  });
  for (const c of bare) {
    logger().warn(
      { siteCode, channelId: c.id, key: c.key },
      `USDT channel ${c.key} (${c.network}) of site ${siteCode} has no receiving address: set it with PATCH /api/vendor/admin/channels/${c.id} {"paymentAddress": "..."} (x-site-code: ${siteCode}, permission payment-channel:write)`,
    );
  }
}

/**
 * seedSite inside the caller's transaction: `npm run seed <site>` and the administrators' new-site
 * endpoint (shared/domain/site-config/new-site.ts) write the same defaults through this one function.
 */
export async function seedSiteIn(transaction: Transaction, siteCode: string, options: SeedSiteOptions): Promise<SeedSiteResult> {
  const seeded: string[] = [];
  const where = { siteCode };
  const siteName = typeof options.siteName === 'object' ? options.siteName : sameInEveryLocale(options.siteName ?? siteCode);
  const [, created] = await SiteConfig.findOrCreate({
    where,
    defaults: {
      siteCode,
      siteName,
      siteDescription: sameInEveryLocale(''),
      supportedLocales: options.supportedLocales ?? [...LOCALES],
      activeThemeId: null,
      enabled: 1,
      mascots: MASCOTS.map((m) => ({ id: m.id, label: m.label, url: mascotUrl(options.assetBaseUrl, m.id) })),
      settings: { mail: { welcomeRegistration: true } },
    },
    transaction,
  });
  if (created) seeded.push('site config');

  if (options.defaultTheme !== false && (await SiteTheme.count({ where, transaction })) === 0) {
    const config = (await SiteConfig.findOne({ where, transaction })) as SiteConfig;
    await activateDefaultTheme(config, transaction);
    seeded.push(`the ${DEFAULT_THEME_ID} theme (active)`);
  }

  if ((await GameTypeConfig.count({ where, transaction })) === 0) {
    await GameTypeConfig.bulkCreate(
      GAME_TYPES.map((t) => ({ siteCode, gameType: t.gameType, typeKey: t.typeKey, label: t.label, icon: t.icon, sortOrder: t.sortOrder, enabled: true })),
      { transaction },
    );
    seeded.push(`${GAME_TYPES.length} game type configs`);
  }

  if ((await GameProvider.count({ where, transaction })) === 0) {
    await GameProvider.bulkCreate(
      PROVIDER_TEMPLATE.map((p) => ({ ...p, siteCode })),
      { transaction },
    );
    seeded.push(`${PROVIDER_TEMPLATE.length} game providers`);
  }

  if ((await VipLevel.count({ where, transaction })) === 0) {
    await VipLevel.bulkCreate(
      VIP_LEVELS.map((v) => ({ ...v, siteCode })),
      { transaction },
    );
    seeded.push(`${VIP_LEVELS.length} VIP levels`);
  }

  if ((await PaymentChannel.count({ where, transaction })) === 0) {
    const channels = await PaymentChannel.bulkCreate(
      PAYMENT_CHANNELS.map((c) => ({ ...c, siteCode, paymentAddress: null })),
      { transaction, returning: true },
    );
    const idByKey = new Map(channels.map((c) => [c.key, c.id]));
    await PaymentChannelGroup.bulkCreate(
      PAYMENT_CHANNEL_GROUPS.map((g) => ({
        siteCode,
        groupName: g.groupName,
        currency: g.currency,
        channelIds: g.channelKeys.map((key) => idByKey.get(key)),
        enabled: g.enabled,
      })),
      { transaction },
    );
    seeded.push(`${channels.length} payment channels in ${PAYMENT_CHANNEL_GROUPS.length} groups`);
  }

  if ((await Mission.count({ where, transaction })) === 0) {
    await Mission.bulkCreate(
      DEFAULT_MISSIONS.map((m) => ({ ...m, siteCode })),
      { transaction },
    );
    seeded.push(`${DEFAULT_MISSIONS.length} missions`);
  }

  if ((await AgentTier.count({ where, transaction })) === 0) {
    await AgentTier.bulkCreate(
      AGENT_TIERS.map(({ rates: _rates, ...tier }) => ({ ...tier, siteCode })),
      { transaction },
    );
    // Rates only with their tiers: a site whose operator deleted every rate keeps it that way.
    const rates = AGENT_TIERS.flatMap((t) =>
      t.rates.map((commissionRate, i) => ({ siteCode, agentTier: t.tierCode, agentLevel: i + 1, gameType: null, commissionRate, enabled: 1 })),
    );
    await AffiliateCommissionRate.bulkCreate(rates, { transaction });
    seeded.push(`${AGENT_TIERS.length} agent tiers with ${rates.length} commission rates`);
  }
  return { siteCode, seeded, createdConfig: created };
}
