import { UniqueConstraintError, type Transaction } from 'sequelize';
import { GameProvider, GameTypeConfig } from '../../db/models';
import { GAME_TYPES } from '../../db/seeders/data/game-types';
import { PROVIDER_TEMPLATE } from '../../db/seeders/data/provider-template';
import { InputError } from '../../errors';
import type { Actor } from '../audit';
import { lockSiteGameData, logGameAction, writeGameData, type LocaleMap } from './admin-write';
import { newTypeConfigRow } from './type-configs';

/**
 * The built-in game template (type configs and providers) and loading a template into a site
 * (permission module `game`).
 */

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

/** The built-in template; writes nothing. */
export function previewTemplate(): { typeConfigs: TemplateTypeConfig[]; providers: TemplateProvider[] } {
  return {
    typeConfigs: GAME_TYPES.map((t) => ({ gameType: t.gameType, typeKey: t.typeKey, label: { ...t.label }, icon: t.icon, sortOrder: t.sortOrder })),
    providers: PROVIDER_TEMPLATE.map((p) => ({
      gameCode: p.gameCode,
      providerCode: p.providerCode,
      gameType: p.gameType,
      name: { ...p.name },
      sortOrder: p.sortOrder,
    })),
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

export interface TemplateInput {
  typeConfigs?: LoadTypeConfig[];
  providers?: LoadProvider[];
}

/** The type config rows to insert: the given ones, else the built-in template's. */
function typeConfigRows(siteCode: string, given: LoadTypeConfig[] | undefined) {
  const source: LoadTypeConfig[] = given ?? GAME_TYPES.map((t) => ({ gameType: t.gameType, label: t.label, icon: t.icon, sortOrder: t.sortOrder }));
  return source.map((t) => newTypeConfigRow(siteCode, t));
}

/** The provider rows to insert: the given ones, else the built-in template's; sortOrder defaults to 10, 20, ... */
function providerRows(siteCode: string, given: LoadProvider[] | undefined) {
  const source: LoadProvider[] = given ?? PROVIDER_TEMPLATE.map((p) => ({ ...p, name: p.name as LocaleMap }));
  return source.map((p, index) => ({
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
}

/** Names the duplicate behind a unique violation of a bulk insert, refusing that array. */
function duplicateInTemplate(err: UniqueConstraintError, table: 'providers' | 'typeConfigs'): InputError {
  const fields = (err.fields ?? {}) as Record<string, unknown>;
  if (table === 'providers') return new InputError('providers', `gameCode "${String(fields.gameCode ?? '?').slice(0, 64)}" appears more than once`);
  return new InputError('typeConfigs', `gameType ${String(fields.gameType ?? '?').slice(0, 12)} appears more than once`);
}

/**
 * In one transaction deletes the site's type configs and providers and inserts the given ones (each
 * array that is absent takes the built-in template). A failure anywhere (a duplicate gameCode or
 * gameType in the arrays included) rolls everything back: the site keeps its rows. Result
 * {typeConfigs, providers}: the numbers inserted.
 */
export async function loadTemplate(actor: Actor, siteCode: string, input: TemplateInput): Promise<{ typeConfigs: number; providers: number }> {
  const typeConfigs = typeConfigRows(siteCode, input.typeConfigs);
  const providers = providerRows(siteCode, input.providers);
  let stage: 'providers' | 'typeConfigs' = 'typeConfigs';
  try {
    return await writeGameData([siteCode], async (transaction) => {
      await lockSiteGameData(siteCode, transaction);
      const removedTypes = await GameTypeConfig.destroy({ where: { siteCode }, transaction });
      const removedProviders = await GameProvider.destroy({ where: { siteCode }, transaction });
      stage = 'typeConfigs';
      if (typeConfigs.length) await GameTypeConfig.bulkCreate(typeConfigs, { transaction });
      stage = 'providers';
      if (providers.length) await GameProvider.bulkCreate(providers, { transaction });
      const inserted = { typeConfigs: typeConfigs.length, providers: providers.length };
      await logTemplateLoad(actor, siteCode, transaction, input, { typeConfigs: removedTypes, providers: removedProviders }, inserted);
      return inserted;
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw duplicateInTemplate(err, stage);
    throw err;
  }
}

type Counts = { typeConfigs: number; providers: number };

function logTemplateLoad(actor: Actor, siteCode: string, transaction: Transaction, input: TemplateInput, removed: Counts, inserted: Counts) {
  return logGameAction(actor, siteCode, transaction, {
    action: 'load-template',
    targetId: siteCode,
    summary: `loaded ${input.typeConfigs || input.providers ? 'a' : 'the built-in'} game template into site ${siteCode}: ${inserted.typeConfigs} type configs, ${inserted.providers} providers`,
    detail: { builtIn: { typeConfigs: !input.typeConfigs, providers: !input.providers }, removed, inserted },
  });
}
