import { realityCheck } from '../responsible-gaming/answers';
import { roundSeeds } from './fairness-answers';
import { anyValue, array, bool, dateTime, int, localeTexts, nothing, nullable, num, obj, oneOfValues, record, str } from '../../http/answer-schemas';

/**
 * The answers of the game endpoints (their `result`), as the API document shows them and the tests check them
 * (docs/architecture.md, "Where to add", an endpoint's answer).
 */

export const getGameAdminProviders = array(obj({
  id: int(),
  gameCode: str(),
  providerCode: str(),
  gameType: num(),
  name: localeTexts(),
  areaBlock: bool(),
  maintain: bool(),
  enable: bool(),
  siteCode: str(),
  sortOrder: num(),
  createdAt: dateTime(),
  updatedAt: dateTime(),
}));

export const postGameAdminProviders = obj({
  id: int(),
  gameCode: str(),
  providerCode: str(),
  gameType: num(),
  name: localeTexts(),
  areaBlock: bool(),
  maintain: bool(),
  enable: bool(),
  siteCode: str(),
  sortOrder: num(),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

export const deleteGameAdminProvidersById = nothing;

export const getGameAdminTypeConfigs = array(obj({
  id: int(),
  gameType: num(),
  siteCode: str(),
  typeKey: str(),
  label: localeTexts(),
  icon: str(),
  sortOrder: num(),
  enabled: bool(),
  createdAt: dateTime(),
  updatedAt: dateTime(),
}));

export const postGameAdminTypeConfigs = obj({
  id: int(),
  gameType: num(),
  siteCode: str(),
  typeKey: str(),
  label: localeTexts(),
  icon: str(),
  sortOrder: num(),
  enabled: bool(),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});

export const getGameAdminPreviewTemplate = obj({
  typeConfigs: array(obj({ gameType: num(), typeKey: str(), label: localeTexts(), icon: str(), sortOrder: num() })),
  providers: array(obj({
    gameCode: str(),
    providerCode: str(),
    gameType: num(),
    name: localeTexts(),
    sortOrder: num(),
  })),
});

export const postGameAdminLoadTemplate = obj({ typeConfigs: num(), providers: num() });

export const postGameAdminCopySiteData = obj({ copied: num() });

export const getGameProvider = array(obj({
  id: int(),
  gameCode: str(),
  providerCode: str(),
  gameType: num(),
  gameTypeLabel: str(),
  areaBlock: bool(),
  maintain: bool(),
  enable: bool(),
  createdAt: str(),
}));

export const postGameLaunch = obj({ url: str() });

export const postGameSimulate = obj({
  roundId: str(),
  orderId: int(),
  betAmount: num(),
  multiplier: num(),
  winAmount: num(),
  profit: num(),
  result: oneOfValues(['big', 'small', 'lose', 'medium', 'good', 'huge', 'mega']),
  balanceBefore: num(),
  balanceAfter: num(),
  ...roundSeeds,
  realityCheck: { ...realityCheck, description: "Present when the player's reality-check interval is due (also the X-Reality-Check header)" },
}, { optional: ['realityCheck'] });

export const getGameRecent = array(obj({ gameCode: str(), productId: str(), lastPlayedAt: str() }));

export const getGameList = obj({ games: array(record(anyValue('Free-form'))), fallback: bool() });

export const getGameAdminUserBlocks = obj({
  items: array(obj({
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
  })),
  pagination: obj({ page: int(), pageSize: int(), total: int(), totalPages: int() }),
});

export const postGameAdminUserBlocks = obj({
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
