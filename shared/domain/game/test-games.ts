import { typeKeyOf } from './types';

/**
 * The built-in test game lists, in each provider's own field names: GET /game/list answers them when
 * the provider's list is unavailable. Their names start with TEST_GAME_MARKER.
 */

/** Prefix of the names in the built-in test list. */
export const TEST_GAME_MARKER = '[TEST] ';

const PROVY_TEST_GAMES: Record<number, Array<[number, string, number, string, string]>> = {
  // [GameId, name, CategoryId, Category, RTP]
  2: [
    [900201, 'Lucky Fortune', 1, 'Video Slots', '96.50'],
    [900202, 'Golden Dragon', 1, 'Video Slots', '96.20'],
    [900203, 'Fruit Party', 2, 'Classic Slots', '95.80'],
    [900204, 'Ocean Treasure', 3, 'Megaways', '96.70'],
  ],
  3: [
    [900301, 'Dice', 10, 'Provably Fair', '99.00'],
    [900302, 'Crash', 10, 'Provably Fair', '99.00'],
    [900303, 'Plinko', 10, 'Provably Fair', '98.00'],
    [900304, 'Mines', 10, 'Provably Fair', '98.50'],
  ],
};

/** The built-in provy test list for one product, or every product. */
export function provyTestGames(product?: number): Record<string, unknown>[] {
  const products = product !== undefined && PROVY_TEST_GAMES[product] ? [product] : Object.keys(PROVY_TEST_GAMES).map(Number);
  return products.flatMap((p) =>
    PROVY_TEST_GAMES[p].map(([GameId, name, CategoryId, Category, RTP]) => ({
      ProductId: p,
      GameId,
      GameName: `${TEST_GAME_MARKER}${name}`,
      CategoryId,
      Category,
      HasDemo: p === 2,
      MobileAvailable: true,
      DesktopAvailable: true,
      RTP,
    })),
  );
}

/** The built-in provx test list for one game type. */
export function provxTestGames(gameType: number): Record<string, unknown>[] {
  const label = typeKeyOf(gameType) ?? 'game';
  return [1, 2, 3, 4].map((n) => ({
    gameId: 900000 + gameType * 100 + n,
    gameName: `${TEST_GAME_MARKER}${label.charAt(0).toUpperCase()}${label.slice(1)} ${n}`,
    gameType,
    hasDemo: false,
    mobile: true,
    desktop: true,
    rtp: '96.00',
  }));
}
