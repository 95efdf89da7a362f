import { realityCheck } from '../responsible-gaming/answers';
import { DRAW_TABLE } from '../../../shared/domain/game';
import { roundSeeds } from './fairness-answers';
import { GAME_NAME_LOCALES } from '../../../shared/i18n/locales';
import { anyValue, array, bool, dateTime, int, localeTexts, nothing, nullable, num, obj, oneOfValues, paged, record, str } from '../../http/answer-schemas';

/**
 * The answers of the game endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

/** A game's name or a type's label: the locales its request took (GAME_NAME_LOCALES). */
const gameNames = () => localeTexts('A text per locale (the player locales and those a launch takes)', GAME_NAME_LOCALES);

/** A game provider as the administrators' endpoints answer it. */
const provider = obj({
  id: int(),
  gameCode: str(),
  providerCode: str(),
  gameType: num(),
  name: gameNames(),
  areaBlock: bool(),
  maintain: bool(),
  enable: bool(),
  siteCode: str(),
  sortOrder: num(),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

/** A game type's configuration on a site. */
const typeConfig = obj({
  id: int(),
  gameType: num(),
  siteCode: str(),
  typeKey: str(),
  label: gameNames(),
  icon: str(),
  sortOrder: num(),
  enabled: bool(),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

/** A player's game block. */
const userBlock = obj({
  id: int(),
  siteCode: str(),
  userId: int(),
  account: nullable(str()),
  level: oneOfValues(['game', 'gameType', 'all']),
  gameType: nullable(num()),
  gameCode: nullable(str()),
  productId: nullable(str()),
  reason: nullable(str()),
  createdBy: nullable(num()),
  createdAt: str(),
});

export const getGameAdminProviders = array(provider);

export const postGameAdminProviders = provider;

export const deleteGameAdminProvidersById = nothing;

export const getGameAdminTypeConfigs = array(typeConfig);

export const postGameAdminTypeConfigs = typeConfig;

export const getGameAdminPreviewTemplate = obj({
  typeConfigs: array(obj({ gameType: num(), typeKey: str(), label: gameNames(), icon: str(), sortOrder: num() })),
  providers: array(
    obj({
      gameCode: str(),
      providerCode: str(),
      gameType: num(),
      name: gameNames(),
      sortOrder: num(),
    }),
  ),
});

export const postGameAdminLoadTemplate = obj({ typeConfigs: num(), providers: num() });

export const postGameAdminCopySiteData = obj({ copied: num() });

export const getGameProvider = array(
  obj({
    id: int(),
    gameCode: str(),
    providerCode: str(),
    gameType: num(),
    gameTypeLabel: str(),
    areaBlock: bool(),
    maintain: bool(),
    enable: bool(),
    createdAt: str(),
  }),
);

export const postGameLaunch = obj({ url: str() });

export const postGameSimulate = obj(
  {
    roundId: str(),
    orderId: int(),
    betAmount: num(),
    multiplier: num(),
    winAmount: num(),
    profit: num(),
    result: oneOfValues(DRAW_TABLE.map((row) => row.result)),
    balanceBefore: num(),
    balanceAfter: num(),
    ...roundSeeds,
    realityCheck: { ...realityCheck, description: "Present when the player's reality-check interval is due (also the X-Reality-Check header)" },
  },
  { optional: ['realityCheck'] },
);

export const getGameRecent = array(obj({ gameCode: str(), productId: str(), lastPlayedAt: str() }));

export const getGameList = obj({ games: array(record(anyValue('Free-form'))), fallback: bool() });

export const getGameAdminUserBlocks = paged(userBlock, 'items');

export const postGameAdminUserBlocks = userBlock;
