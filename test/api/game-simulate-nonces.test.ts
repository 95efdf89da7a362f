import test from 'ava';
import { nonceTakingTests } from '../helpers/nonce-taking';

/** A round draws with the seeds this process last saw; its statement takes the nonce only if they are current. */
nonceTakingTests(test, {});
