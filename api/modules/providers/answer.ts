import type { Request, Response } from 'express';
import { logger } from '../../../shared/logger';
import { countProviderCallback } from '../../../shared/metrics';
import { ProviderError, toProviderError, type ProviderCode } from '../../../shared/domain/providers';
import type { Answerer, SignatureCheck } from '../../http/endpoint';
import { OUTAGE_RETRY_AFTER_S } from '../../http/error-mapper';
import { HttpError } from '../../http/errors';
import { unavailableDependency } from '../../../shared/unavailable-dependency';

/** A provider error in the provider's own answer shape. */
export type ProviderErrorShape = (code: number, message: string) => object;

function refuse(res: Response, shape: ProviderErrorShape, err: ProviderError): void {
  res.status(err.httpStatus).json(shape(err.code, err.message));
}

/**
 * How a provider's callbacks answer: the handler's value as is (HTTP 200); refusals (signature, body,
 * wallet) in the provider's error shape with their HTTP status; Postgres or Redis unavailable is
 * INTERNAL_ERROR with HTTP 503 and Retry-After (the provider repeats the call with the same transaction
 * id, which answers the stored answer if the first one committed: docs/providers.md); anything
 * unexpected is logged and answered INTERNAL_ERROR (500). Each answer is counted by outcome
 * (shared/metrics.ts).
 */
export function providerAnswer(provider: ProviderCode, shape: ProviderErrorShape): Answerer {
  return {
    ok({ res }, result) {
      countProviderCallback(provider, 'ok');
      res.status(200).json(result);
    },
    fail({ req, res }, caught) {
      // The pipeline's own refusals of the input (text Postgres cannot store...) are the provider's BAD_REQUEST.
      const err =
        caught instanceof HttpError && caught.status < 500 && caught.status !== 401
          ? new ProviderError('BAD_REQUEST', caught.message)
          : toProviderError(caught);
      if (err instanceof ProviderError) {
        countProviderCallback(provider, 'refused', err.code);
        refuse(res, shape, err);
        return;
      }
      const internal = new ProviderError('INTERNAL_ERROR');
      countProviderCallback(provider, 'error', internal.code);
      const dependency = unavailableDependency(caught);
      if (dependency) {
        logger().warn(
          { dependency, error: (caught as Error).message, provider, path: req.originalUrl, requestId: req.ctx?.requestId },
          'dependency unavailable',
        );
        res.setHeader('Retry-After', String(OUTAGE_RETRY_AFTER_S));
        res.status(503).json(shape(internal.code, 'Service temporarily unavailable'));
        return;
      }
      logger().error({ err, provider, path: req.originalUrl, requestId: req.ctx?.requestId }, 'provider callback failed');
      refuse(res, shape, internal);
    },
  };
}

/**
 * Any other request under a provider's prefix: checked like the callbacks (a bad signature is refused
 * first), then BAD_REQUEST with HTTP 404 in the provider's shape.
 */
export function providerNotFound(check: SignatureCheck, answer: Answerer, shape: ProviderErrorShape) {
  const provider = check.name;
  return (req: Request, res: Response) => {
    try {
      check.verify(req);
    } catch (err) {
      answer.fail({ req, res }, err);
      return;
    }
    const err = new ProviderError('BAD_REQUEST', `unknown method ${req.method} ${req.path}`);
    countProviderCallback(provider, 'refused', err.code);
    res.status(404).json(shape(err.code, err.message));
  };
}
