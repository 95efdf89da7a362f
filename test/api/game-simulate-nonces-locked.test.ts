import test from 'ava';
import { nonceTakingTests } from '../helpers/nonce-taking';

/** SIMULATE_OPTIMISTIC_DRAWS=0: every round draws under the lock of the player's seeds row. */
nonceTakingTests(test, { SIMULATE_OPTIMISTIC_DRAWS: '0' });
