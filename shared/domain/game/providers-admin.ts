import type { Transaction } from 'sequelize';
import { GameProvider } from '../../db/models';
import { InputError, NotFoundError, Refusal } from '../../errors';
import { type Actor, changesOf } from '../audit';
import { uniqueAs } from '../common';
import { changedFields, logGameAction, requireKnownSite, writeGameData, type LocaleMap } from './admin-write';

/**
 * The game providers of one site, administrator side. Every write runs in one
 * transaction with its operation-log row and clears the site's provider-list cache after commit. An id
 * naming no provider of the site is "provider not found" (404); a gameCode another provider of the site
 * uses is `gameCodeTaken`.
 */

/** Administrator view of a game provider. */
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

const providerNotFound = () => new NotFoundError('provider not found');
const gameCodeTaken = (gameCode: string) => () => new Refusal('game.gameCodeTaken', `gameCode "${gameCode.slice(0, 64)}" already exists in this site`);

/** Refuses a gameCode another provider of the site uses. */
async function checkGameCodeFree(siteCode: string, gameCode: string, transaction: Transaction): Promise<void> {
  if (await GameProvider.findOne({ where: { siteCode, gameCode }, attributes: ['id'], transaction })) throw gameCodeTaken(gameCode)();
}

/** The site's providers (optionally of one gameType), sortOrder then id. */
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

/**
 * Creates a provider in the site; defaults: enabled, not in maintenance, not area-blocked, sortOrder 0.
 * `gameCodeTaken` when the site has the gameCode already.
 */
export async function createProvider(
  actor: Actor,
  siteCode: string,
  input: ProviderInput & { gameCode: string; providerCode: string; gameType: number },
): Promise<AdminProviderView> {
  await requireKnownSite(siteCode);
  return uniqueAs(gameCodeTaken(input.gameCode), () =>
    writeGameData([siteCode], async (transaction) => {
      await checkGameCodeFree(siteCode, input.gameCode, transaction);
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
      await logGameAction(actor, siteCode, transaction, {
        action: 'provider-create',
        targetId: row.id,
        summary: `created game provider ${row.gameCode} in site ${siteCode}`,
        detail: { ...view, createdAt: undefined, updatedAt: undefined },
      });
      return view;
    }),
  );
}

/**
 * Updates the given fields of a provider of the site; siteCode cannot move it to another site.
 * `gameCodeTaken` when another provider of the site has the new gameCode.
 */
export async function updateProvider(actor: Actor, siteCode: string, id: number, input: ProviderInput): Promise<AdminProviderView> {
  if (input.siteCode !== undefined && input.siteCode !== siteCode) {
    throw new InputError('siteCode', 'a provider cannot be moved to another site (use copy-site-data); select its site with x-site-code');
  }
  const write = () =>
    writeGameData([siteCode], async (transaction) => {
      const row = await GameProvider.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
      if (!row) throw providerNotFound();
      if (input.gameCode !== undefined && input.gameCode !== row.gameCode) await checkGameCodeFree(siteCode, input.gameCode, transaction);
      const { siteCode: _ignored, ...fields } = input;
      const { changes, values } = changesOf(providerView(row) as unknown as Record<string, unknown>, fields as Record<string, unknown>);
      if (Object.keys(values).length) await row.update(values, { transaction });
      await logGameAction(actor, siteCode, transaction, {
        action: 'provider-update',
        targetId: id,
        summary: `updated game provider ${row.gameCode}${changedFields(changes)}`,
        detail: { gameCode: row.gameCode, changes },
      });
      return providerView(row);
    });
  return input.gameCode === undefined ? write() : uniqueAs(gameCodeTaken(input.gameCode), write);
}

/** Deletes a provider of the site. */
export async function deleteProvider(actor: Actor, siteCode: string, id: number): Promise<void> {
  await writeGameData([siteCode], async (transaction) => {
    const row = await GameProvider.findOne({ where: { id, siteCode }, transaction, lock: transaction.LOCK.UPDATE });
    if (!row) throw providerNotFound();
    const view = providerView(row);
    await row.destroy({ transaction });
    await logGameAction(actor, siteCode, transaction, {
      action: 'provider-delete',
      targetId: id,
      summary: `deleted game provider ${view.gameCode} from site ${siteCode}`,
      detail: view,
    });
  });
}
