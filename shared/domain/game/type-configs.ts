import type { Transaction } from 'sequelize';
import { GameTypeConfig } from '../../db/models';
import { GAME_TYPES } from '../../db/seeders/data/game-types';
import { InputError, NotFoundError, Refusal } from '../../errors';
import { type Actor, changesOf } from '../audit';
import { uniqueAs } from '../common';
import { changedFields, logGameAction, requireKnownSite, writeGameData, type LocaleMap } from './admin-write';
import { typeKeyOf } from './types';

/**
 * The game type configs of one site: one view and one list for players
 * (GET /game/type-configs) and administrators, and the administrators' writes (permission module
 * `game`), each in one transaction with its operation-log row, clearing the site's provider-list cache.
 * An id naming no config of the site is "type config not found" (404); a gameType already configured
 * in the site is `typeConfigExists`.
 */

/** A game type config, as players and administrators see it. */
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

/**
 * Every type config of the site (enabled and disabled, with `enabled` so a client can hide the
 * disabled ones), by sortOrder then id.
 */
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

/**
 * The row of a new type config: typeKey follows gameType; label, icon and sortOrder default to the
 * built-in ones of that game type; enabled by default.
 */
export function newTypeConfigRow(siteCode: string, input: TypeConfigInput & { gameType: number }) {
  const builtIn = GAME_TYPES.find((t) => t.gameType === input.gameType);
  return {
    siteCode,
    gameType: input.gameType,
    typeKey: typeKeyOf(input.gameType) ?? String(input.gameType),
    label: input.label ?? builtIn?.label ?? {},
    icon: input.icon ?? builtIn?.icon ?? '',
    sortOrder: input.sortOrder ?? builtIn?.sortOrder ?? 0,
    enabled: input.enabled ?? true,
  };
}

const typeConfigNotFound = () => new NotFoundError('type config not found');
const typeConfigExists = (gameType: number) => () =>
  new Refusal('game.typeConfigExists', `a type config for gameType ${String(gameType).slice(0, 12)} already exists in this site`);

/** Refuses a gameType another config of the site has. */
async function checkGameTypeFree(siteCode: string, gameType: number, transaction: Transaction): Promise<void> {
  if (await GameTypeConfig.findOne({ where: { siteCode, gameType }, attributes: ['id'], transaction })) throw typeConfigExists(gameType)();
}

/** Creates a type config in the site (defaults: newTypeConfigRow); `typeConfigExists` when the site has the gameType. */
export async function createTypeConfig(actor: Actor, siteCode: string, input: TypeConfigInput & { gameType: number }): Promise<TypeConfigView> {
  await requireKnownSite(siteCode);
  return uniqueAs(typeConfigExists(input.gameType), () =>
    writeGameData([siteCode], async (transaction) => {
      await checkGameTypeFree(siteCode, input.gameType, transaction);
      const row = await GameTypeConfig.create(newTypeConfigRow(siteCode, input), { transaction });
      const view = typeConfigView(row);
      await logGameAction(actor, siteCode, transaction, {
        action: 'type-config-create',
        targetId: row.id,
        summary: `created game type config ${row.typeKey} in site ${siteCode}`,
        detail: { ...view, createdAt: undefined, updatedAt: undefined },
      });
      return view;
    }),
  );
}

/**
 * Updates the given fields of a type config of the site; typeKey follows gameType; siteCode cannot move
 * it. `typeConfigExists` when another config of the site has the new gameType.
 */
export async function updateTypeConfig(actor: Actor, siteCode: string, id: number, input: TypeConfigInput): Promise<TypeConfigView> {
  if (input.siteCode !== undefined && input.siteCode !== siteCode) {
    throw new InputError('siteCode', 'a type config cannot be moved to another site (use copy-site-data); select its site with x-site-code');
  }
  const write = () =>
    writeGameData([siteCode], async (transaction) => {
      const row = await GameTypeConfig.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
      if (!row) throw typeConfigNotFound();
      if (input.gameType !== undefined && input.gameType !== row.gameType) await checkGameTypeFree(siteCode, input.gameType, transaction);
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
      await logGameAction(actor, siteCode, transaction, {
        action: 'type-config-update',
        targetId: id,
        summary: `updated game type config ${row.typeKey}${changedFields(changes)}`,
        detail: { gameType: row.gameType, changes },
      });
      return typeConfigView(row);
    });
  return input.gameType === undefined ? write() : uniqueAs(typeConfigExists(input.gameType), write);
}

/** Deletes a type config of the site. */
export async function deleteTypeConfig(actor: Actor, siteCode: string, id: number): Promise<void> {
  await writeGameData([siteCode], async (transaction) => {
    const row = await GameTypeConfig.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw typeConfigNotFound();
    const view = typeConfigView(row);
    await row.destroy({ transaction });
    await logGameAction(actor, siteCode, transaction, {
      action: 'type-config-delete',
      targetId: id,
      summary: `deleted game type config ${view.typeKey} from site ${siteCode}`,
      detail: view,
    });
  });
}
