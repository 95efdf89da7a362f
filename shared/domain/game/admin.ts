import { QueryTypes, UniqueConstraintError, type Transaction } from 'sequelize';
import { GameProvider, GameTypeConfig } from '../../db/models';
import { GAME_TYPES } from '../../db/seeders/data/game-types';
import { PROVIDER_TEMPLATE } from '../../db/seeders/data/provider-template';
import { db } from '../../db/sequelize';
import { HttpError } from '../../errors';
import type { LocaleText } from '../../i18n/locales';
import { logger } from '../../logger';
import type { Actor } from '../admin/accounts';
import { changesOf, recordAdminAction } from '../admin/operation-log';
import { clearProviderListCache } from './cache';
import { typeKeyOf } from './types';

/**
 * Administrator game endpoints (Part A 4.3, permission module `game`): game providers and game type
 * configs of one site, the built-in template and copying between sites. Every write runs in one
 * transaction with its operation-log row and clears the site's provider-list cache after commit.
 *
 * Refusals the spec leaves open: an id naming no row of the site is a 404 envelope ("provider not found",
 * "type config not found"); a duplicate gameCode (or gameType of a type config) in the site is a 400
 * naming the field.
 */

type LocaleMap = Partial<LocaleText> & Record<string, string>;

// ---------------------------------------------------------------------------------------------------
// Views

/** Administrator view of a game provider (Part A 2.9). */
export interface AdminProviderView {
  id: number;
  gameCode: string;
  providerCode: string;
  gameType: number;
  name: LocaleMap;
  areaBlock: boolean;
  maintain: boolean;
  enable: boolean;
  siteCode: string;
  sortOrder: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A game type config (Part A 2.10). */
export interface TypeConfigView {
  id: number;
  gameType: number;
  siteCode: string;
  typeKey: string;
  label: LocaleMap;
  icon: string;
  sortOrder: number;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export function providerView(p: GameProvider): AdminProviderView {
  return {
    id: p.id,
    gameCode: p.gameCode,
    providerCode: p.providerCode,
    gameType: p.gameType,
    name: (p.name ?? {}) as LocaleMap,
    areaBlock: p.areaBlock,
    maintain: p.maintain,
    enable: p.enable,
    siteCode: p.siteCode,
    sortOrder: p.sortOrder,
    createdAt: p.createdAt as Date,
    updatedAt: p.updatedAt as Date,
  };
}

export function typeConfigView(c: GameTypeConfig): TypeConfigView {
  return {
    id: c.id,
    gameType: c.gameType,
    siteCode: c.siteCode,
    typeKey: c.typeKey,
    label: (c.label ?? {}) as LocaleMap,
    icon: c.icon,
    sortOrder: c.sortOrder,
    enabled: c.enabled,
    createdAt: c.createdAt as Date,
    updatedAt: c.updatedAt as Date,
  };
}

// ---------------------------------------------------------------------------------------------------
// Helpers

function fieldError(field: string, message: string, source = 'body'): HttpError {
  return new HttpError(400, `Invalid ${source}: ${field}: ${message}`, { errors: [{ field, message }] });
}

const providerNotFound = () => new HttpError(404, 'provider not found');
const typeConfigNotFound = () => new HttpError(404, 'type config not found');
const duplicateGameCode = (gameCode: string, field = 'gameCode') => fieldError(field, `gameCode "${gameCode.slice(0, 64)}" already exists in this site`);
const duplicateGameType = (gameType: number | string, field = 'gameType') => fieldError(field, `a type config for gameType ${String(gameType).slice(0, 12)} already exists in this site`);

function log(actor: Actor, siteCode: string, transaction: Transaction, entry: { action: string; targetId?: number | string | null; summary: string; detail: unknown }) {
  return recordAdminAction({ adminId: actor.adminId, ...actor.meta, siteCode, module: 'game', ...entry }, { transaction });
}

/** Serializes bulk writes (template load, copy) on one site's game data. */
async function lockSite(siteCode: string, transaction: Transaction): Promise<void> {
  await db().query('SELECT pg_advisory_xact_lock(hashtextextended(:key, 0))', { replacements: { key: `game-admin:site:${siteCode}` }, transaction });
}

/**
 * Runs a write in one transaction, then clears the provider-list cache of the sites it touched. A Redis
 * failure after commit does not undo the committed write: it is logged and the entries expire within
 * the hour.
 */
async function write<T>(sites: string[], work: (transaction: Transaction) => Promise<T>): Promise<T> {
  const result = await db().transaction(work);
  for (const site of new Set(sites)) {
    try {
      await clearProviderListCache(site);
    } catch (err) {
      logger().warn({ err, siteCode: site }, 'could not clear the provider-list cache after a game admin write');
    }
  }
  return result;
}


// ---------------------------------------------------------------------------------------------------
// Providers

export interface ProviderInput {
  gameCode?: string;
  providerCode?: string;
  gameType?: number;
  name?: LocaleMap;
  areaBlock?: boolean;
  maintain?: boolean;
  enable?: boolean;
  sortOrder?: number;
  siteCode?: string;
}

/** GET /game/admin/providers: the site's providers (optionally of one gameType), sortOrder then id. */
export async function listProviders(siteCode: string, filter: { gameType?: number } = {}): Promise<AdminProviderView[]> {
  const where: Record<string, unknown> = { siteCode };
  if (filter.gameType !== undefined) where.gameType = filter.gameType;
  const rows = await GameProvider.findAll({
    where,
    order: [
      ['sortOrder', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return rows.map(providerView);
}

/** POST /game/admin/providers. A gameCode already used in the site is a 400 naming gameCode. */
export async function createProvider(actor: Actor, siteCode: string, input: ProviderInput & { gameCode: string; providerCode: string; gameType: number }): Promise<AdminProviderView> {
  try {
    return await write([siteCode], async (transaction) => {
      if (await GameProvider.findOne({ where: { siteCode, gameCode: input.gameCode }, attributes: ['id'], transaction })) throw duplicateGameCode(input.gameCode);
      const row = await GameProvider.create(
        {
          siteCode,
          gameCode: input.gameCode,
          providerCode: input.providerCode,
          gameType: input.gameType,
          name: input.name ?? {},
          areaBlock: input.areaBlock ?? false,
          maintain: input.maintain ?? false,
          enable: input.enable ?? true,
          sortOrder: input.sortOrder ?? 0,
        },
        { transaction },
      );
      const view = providerView(row);
      await log(actor, siteCode, transaction, {
        action: 'provider-create',
        targetId: row.id,
        summary: `created game provider ${row.gameCode} in site ${siteCode}`,
        detail: { ...view, createdAt: undefined, updatedAt: undefined },
      });
      return view;
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw duplicateGameCode(input.gameCode);
    throw err;
  }
}

/** PATCH /game/admin/providers/:id: 404 when the site has no such provider; siteCode cannot move it. */
export async function updateProvider(actor: Actor, siteCode: string, id: number, input: ProviderInput): Promise<AdminProviderView> {
  if (input.siteCode !== undefined && input.siteCode !== siteCode) {
    throw fieldError('siteCode', 'a provider cannot be moved to another site (use copy-site-data); select its site with x-site-code');
  }
  try {
    return await write([siteCode], async (transaction) => {
      const row = await GameProvider.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
      if (!row) throw providerNotFound();
      if (input.gameCode !== undefined && input.gameCode !== row.gameCode) {
        const other = await GameProvider.findOne({ where: { siteCode, gameCode: input.gameCode }, attributes: ['id'], transaction });
        if (other) throw duplicateGameCode(input.gameCode);
      }
      const current = providerView(row) as unknown as Record<string, unknown>;
      const { siteCode: _ignored, ...fields } = input;
      const { changes, values } = changesOf(current, fields as Record<string, unknown>);
      if (Object.keys(values).length) await row.update(values, { transaction });
      const names = Object.keys(changes);
      await log(actor, siteCode, transaction, {
        action: 'provider-update',
        targetId: id,
        summary: `updated game provider ${row.gameCode}${names.length ? ` (${names.join(', ')})` : ' (no changes)'}`,
        detail: { gameCode: row.gameCode, changes },
      });
      return providerView(row);
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError && input.gameCode !== undefined) throw duplicateGameCode(input.gameCode);
    throw err;
  }
}

/** DELETE /game/admin/providers/:id: 404 when the site has no such provider. */
export async function deleteProvider(actor: Actor, siteCode: string, id: number): Promise<void> {
  await write([siteCode], async (transaction) => {
    const row = await GameProvider.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw providerNotFound();
    const view = providerView(row);
    await row.destroy({ transaction });
    await log(actor, siteCode, transaction, {
      action: 'provider-delete',
      targetId: id,
      summary: `deleted game provider ${view.gameCode} from site ${siteCode}`,
      detail: view,
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// Type configs

export interface TypeConfigInput {
  gameType?: number;
  /** The label (create bodies call it `name`). */
  label?: LocaleMap;
  icon?: string;
  sortOrder?: number;
  /** `enable` in create bodies. */
  enabled?: boolean;
  siteCode?: string;
}

const builtInType = (gameType: number) => GAME_TYPES.find((t) => t.gameType === gameType);

/** GET /game/admin/type-configs: the site's type configs, sortOrder then id. */
export async function listTypeConfigs(siteCode: string): Promise<TypeConfigView[]> {
  const rows = await GameTypeConfig.findAll({
    where: { siteCode },
    order: [
      ['sortOrder', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return rows.map(typeConfigView);
}

/**
 * POST /game/admin/type-configs: typeKey follows gameType; label, icon and sortOrder default to the
 * built-in ones of that game type. A gameType already configured in the site is a 400 naming gameType.
 */
export async function createTypeConfig(actor: Actor, siteCode: string, input: TypeConfigInput & { gameType: number }): Promise<TypeConfigView> {
  const builtIn = builtInType(input.gameType);
  try {
    return await write([siteCode], async (transaction) => {
      if (await GameTypeConfig.findOne({ where: { siteCode, gameType: input.gameType }, attributes: ['id'], transaction })) throw duplicateGameType(input.gameType);
      const row = await GameTypeConfig.create(
        {
          siteCode,
          gameType: input.gameType,
          typeKey: typeKeyOf(input.gameType) ?? String(input.gameType),
          label: input.label ?? builtIn?.label ?? {},
          icon: input.icon ?? builtIn?.icon ?? '',
          sortOrder: input.sortOrder ?? builtIn?.sortOrder ?? 0,
          enabled: input.enabled ?? true,
        },
        { transaction },
      );
      const view = typeConfigView(row);
      await log(actor, siteCode, transaction, {
        action: 'type-config-create',
        targetId: row.id,
        summary: `created game type config ${row.typeKey} in site ${siteCode}`,
        detail: { ...view, createdAt: undefined, updatedAt: undefined },
      });
      return view;
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw duplicateGameType(input.gameType);
    throw err;
  }
}

/** PATCH /game/admin/type-configs/:id: 404 when the site has no such config; typeKey follows gameType. */
export async function updateTypeConfig(actor: Actor, siteCode: string, id: number, input: TypeConfigInput): Promise<TypeConfigView> {
  if (input.siteCode !== undefined && input.siteCode !== siteCode) {
    throw fieldError('siteCode', 'a type config cannot be moved to another site (use copy-site-data); select its site with x-site-code');
  }
  try {
    return await write([siteCode], async (transaction) => {
      const row = await GameTypeConfig.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
      if (!row) throw typeConfigNotFound();
      if (input.gameType !== undefined && input.gameType !== row.gameType) {
        const other = await GameTypeConfig.findOne({ where: { siteCode, gameType: input.gameType }, attributes: ['id'], transaction });
        if (other) throw duplicateGameType(input.gameType);
      }
      const next: Record<string, unknown> = {
        gameType: input.gameType,
        typeKey: input.gameType !== undefined ? (typeKeyOf(input.gameType) ?? String(input.gameType)) : undefined,
        label: input.label,
        icon: input.icon,
        sortOrder: input.sortOrder,
        enabled: input.enabled,
      };
      const { changes, values } = changesOf(typeConfigView(row) as unknown as Record<string, unknown>, next);
      if (Object.keys(values).length) await row.update(values, { transaction });
      const names = Object.keys(changes);
      await log(actor, siteCode, transaction, {
        action: 'type-config-update',
        targetId: id,
        summary: `updated game type config ${row.typeKey}${names.length ? ` (${names.join(', ')})` : ' (no changes)'}`,
        detail: { gameType: row.gameType, changes },
      });
      return typeConfigView(row);
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError && input.gameType !== undefined) throw duplicateGameType(input.gameType);
    throw err;
  }
}

/** DELETE /game/admin/type-configs/:id: 404 when the site has no such config. */
export async function deleteTypeConfig(actor: Actor, siteCode: string, id: number): Promise<void> {
  await write([siteCode], async (transaction) => {
    const row = await GameTypeConfig.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw typeConfigNotFound();
    const view = typeConfigView(row);
    await row.destroy({ transaction });
    await log(actor, siteCode, transaction, {
      action: 'type-config-delete',
      targetId: id,
      summary: `deleted game type config ${view.typeKey} from site ${siteCode}`,
      detail: view,
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// Template and copying

export interface TemplateTypeConfig {
  gameType: number;
  typeKey: string;
  label: LocaleMap;
  icon: string;
  sortOrder: number;
}

export interface TemplateProvider {
  gameCode: string;
  providerCode: string;
  gameType: number;
  name: LocaleMap;
  sortOrder: number;
}

/** GET /game/admin/preview-template: the built-in template; writes nothing. */
export function previewTemplate(): { typeConfigs: TemplateTypeConfig[]; providers: TemplateProvider[] } {
  return {
    typeConfigs: GAME_TYPES.map((t) => ({ gameType: t.gameType, typeKey: t.typeKey, label: { ...t.label }, icon: t.icon, sortOrder: t.sortOrder })),
    providers: PROVIDER_TEMPLATE.map((p) => ({ gameCode: p.gameCode, providerCode: p.providerCode, gameType: p.gameType, name: { ...p.name }, sortOrder: p.sortOrder })),
  };
}

export interface LoadTypeConfig {
  gameType: number;
  label?: LocaleMap;
  icon?: string;
  sortOrder?: number;
  enabled?: boolean;
}

export interface LoadProvider {
  gameCode: string;
  providerCode: string;
  gameType: number;
  name?: LocaleMap;
  sortOrder?: number;
  enable?: boolean;
  maintain?: boolean;
  areaBlock?: boolean;
}

/** Names the duplicate behind a unique violation of a bulk insert, for a 400 on that array. */
function duplicateInTemplate(err: UniqueConstraintError, table: 'providers' | 'typeConfigs'): HttpError {
  const fields = (err.fields ?? {}) as Record<string, unknown>;
  if (table === 'providers') {
    const code = fields.gameCode;
    return fieldError('providers', `gameCode "${String(code ?? '?').slice(0, 64)}" appears more than once`);
  }
  return fieldError('typeConfigs', `gameType ${String(fields.gameType ?? '?').slice(0, 12)} appears more than once`);
}

/**
 * POST /game/admin/load-template: in one transaction deletes the site's type configs and providers and
 * inserts the given ones (each array that is absent takes the built-in template). A failure anywhere
 * (a duplicate gameCode or gameType in the arrays included) rolls everything back: the site keeps its
 * rows. Result {typeConfigs, providers}: the numbers inserted.
 */
export async function loadTemplate(
  actor: Actor,
  siteCode: string,
  input: { typeConfigs?: LoadTypeConfig[]; providers?: LoadProvider[] },
): Promise<{ typeConfigs: number; providers: number }> {
  const typeSource: LoadTypeConfig[] = input.typeConfigs ?? GAME_TYPES.map((t) => ({ gameType: t.gameType, label: t.label, icon: t.icon, sortOrder: t.sortOrder }));
  const providerSource: LoadProvider[] = input.providers ?? PROVIDER_TEMPLATE.map((p) => ({ ...p, name: p.name as LocaleMap }));
  const typeConfigs = typeSource.map((t) => {
    const builtIn = builtInType(t.gameType);
    return {
      siteCode,
      gameType: t.gameType,
      typeKey: typeKeyOf(t.gameType) ?? String(t.gameType),
      label: t.label ?? builtIn?.label ?? {},
      icon: t.icon ?? builtIn?.icon ?? '',
      sortOrder: t.sortOrder ?? builtIn?.sortOrder ?? 0,
      enabled: t.enabled ?? true,
    };
  });
  const providers = providerSource.map((p, index) => ({
    siteCode,
    gameCode: p.gameCode,
    providerCode: p.providerCode,
    gameType: p.gameType,
    name: p.name ?? {},
    sortOrder: p.sortOrder ?? (index + 1) * 10,
    enable: p.enable ?? true,
    maintain: p.maintain ?? false,
    areaBlock: p.areaBlock ?? false,
  }));
  let stage: 'providers' | 'typeConfigs' = 'typeConfigs';
  try {
    return await write([siteCode], async (transaction) => {
      await lockSite(siteCode, transaction);
      const removedTypes = await GameTypeConfig.destroy({ where: { siteCode }, transaction });
      const removedProviders = await GameProvider.destroy({ where: { siteCode }, transaction });
      stage = 'typeConfigs';
      if (typeConfigs.length) await GameTypeConfig.bulkCreate(typeConfigs, { transaction });
      stage = 'providers';
      if (providers.length) await GameProvider.bulkCreate(providers, { transaction });
      await log(actor, siteCode, transaction, {
        action: 'load-template',
        targetId: siteCode,
        summary: `loaded ${input.typeConfigs || input.providers ? 'a' : 'the built-in'} game template into site ${siteCode}: ${typeConfigs.length} type configs, ${providers.length} providers`,
        detail: {
          builtIn: { typeConfigs: !input.typeConfigs, providers: !input.providers },
          removed: { typeConfigs: removedTypes, providers: removedProviders },
          inserted: { typeConfigs: typeConfigs.length, providers: providers.length },
        },
      });
      return { typeConfigs: typeConfigs.length, providers: providers.length };
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw duplicateInTemplate(err, stage);
    throw err;
  }
}

export type CopyKind = 'providers' | 'typeConfigs';

/**
 * POST /game/admin/copy-site-data: in one transaction deletes the target site's rows of that kind and
 * copies the source site's rows with siteCode replaced. Both sites must exist (checked by the caller)
 * and differ. Result {copied}.
 */
export async function copySiteData(actor: Actor, input: { sourceSiteCode: string; targetSiteCode: string; type: CopyKind }): Promise<{ copied: number }> {
  const { sourceSiteCode: source, targetSiteCode: target, type } = input;
  if (source === target) throw fieldError('targetSiteCode', 'must differ from sourceSiteCode');
  const table = type === 'providers' ? 'game_providers' : 'game_type_configs';
  const columns =
    type === 'providers'
      ? ['"gameCode"', '"providerCode"', '"gameType"', 'name', '"areaBlock"', 'maintain', 'enable', '"sortOrder"']
      : ['"gameType"', '"typeKey"', 'label', 'icon', '"sortOrder"', 'enabled'];
  return write([target], async (transaction) => {
    await lockSite(target, transaction);
    const sequelize = db();
    const removed = await sequelize.query<{ id: number }>(`DELETE FROM ${table} WHERE "siteCode" = :target RETURNING id`, {
      replacements: { target },
      type: QueryTypes.SELECT,
      transaction,
    });
    const inserted = await sequelize.query<{ id: number }>(
      `INSERT INTO ${table} ("siteCode", ${columns.join(', ')}, "createdAt", "updatedAt")
       SELECT :target, ${columns.join(', ')}, now(), now() FROM ${table} WHERE "siteCode" = :source ORDER BY id
       RETURNING id`,
      { replacements: { target, source }, type: QueryTypes.SELECT, transaction },
    );
    await log(actor, target, transaction, {
      action: 'copy-site-data',
      targetId: target,
      summary: `copied ${inserted.length} ${type === 'providers' ? 'game providers' : 'game type configs'} from site ${source} to site ${target}`,
      detail: { sourceSiteCode: source, targetSiteCode: target, type, removed: removed.length, copied: inserted.length },
    });
    return { copied: inserted.length };
  });
}
