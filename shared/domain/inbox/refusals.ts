import { declareRefusals } from '../refusals';

/** Why the inbox area says no (shared/domain/refusals.ts); endpoints map each to their number. */
export const inboxRefusals = declareRefusals('inbox', {
  messageNotFound: 'no such message: not the player\'s (own or site-wide) or not of the site',
  playerNotFound: 'the message\'s player is not a player of the site',
});

declare module '../refusals' {
  interface RefusalRegistry {
    inbox: typeof inboxRefusals;
  }
}
