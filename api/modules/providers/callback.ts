import { asBody, checkCurrency, type ProviderBody, type ProviderCode } from '../../../shared/domain/providers';
import type { JsonSchema } from '../../http/answer-schemas';
import { endpoint, type Endpoint } from '../../http/endpoint';
import { providerAnswer, providerNotFound, type ProviderErrorShape } from './answer';
import { providerSignature } from './signature';

/**
 * A provider's callbacks (POST /game/<provider>/<name>, docs/providers.md): every request is
 * signed and answered in the provider's shape. A callback is declared by its reader (the JSON body,
 * read by the shared readers of shared/domain/providers/seamless-wallet.ts, after the currency check
 * unless `currency: false`) and its action.
 */
export function providerCallbacks(provider: ProviderCode, shape: ProviderErrorShape) {
  const auth = { signature: providerSignature(provider) };
  const answer = providerAnswer(provider, shape);
  return {
    /** Any other request under /game/<provider>: refused in the provider's shape (routes.ts). */
    notFound: providerNotFound(auth.signature, answer, shape),
    callback<I>(
      name: string,
      summary: string,
      read: (body: ProviderBody, site: string) => I,
      action: (input: I) => Promise<unknown>,
      { currency = true, body: bodyDocument, result }: { currency?: boolean; body: JsonSchema; result: JsonSchema },
    ): Endpoint {
      return endpoint({ method: 'post', path: `/game/${provider}/${name}`, auth, answer, bodyDocument, result, summary }, ({ req, site }) => {
        const body = asBody(req.body);
        if (currency) checkCurrency(body);
        return action(read(body, site));
      });
    },
  };
}
