import { mixed, object } from 'yup';
import { documentAs, pagingFields, positiveIdParam, text } from '../../http/schema-helpers';

/** Inputs of the linked-player endpoints (permission module `risk`). */

export const playerParams = object({ id: positiveIdParam('id') });

export const pairParams = object({ id: positiveIdParam('id'), otherId: positiveIdParam('otherId') });

export const queueQuery = object({ ...pagingFields(20) });

const DECISIONS = ['linked', 'unrelated'] as const;

export const decisionBody = object({
  decision: documentAs(mixed<(typeof DECISIONS)[number]>(), { type: 'string', enum: [...DECISIONS] })
    .test('one-of', `\${path} must be one of ${DECISIONS.join(', ')}`, (v) => v === undefined || (DECISIONS as readonly unknown[]).includes(v))
    .required(),
  reason: text().min(1, '${path} is required').max(500).required(),
}).required();
