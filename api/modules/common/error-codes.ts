import type { Locale } from '../../../shared/i18n/locales';
import { codeTexts, type Endpoint } from '../../http/endpoint';
import { GENERIC_TEXTS } from '../../http/generic-texts';

/**
 * ERROR_CODES of GET /common/enums: path template (with /api) -> code -> its text, as the endpoints at that
 * path answer them (each refusal's text or the wording its map picks, docs/architecture.md, "Errors and
 * refusals"), in the order of api/endpoints.ts; then the generic statuses under `*`. A number one endpoint
 * answers for several refusals shows the first one's text (codeTexts, as the API document does); a path has no
 * methods here, so where two of its endpoints answer one number differently the later one's text shows.
 */
export function errorCodesOf(endpoints: readonly Endpoint[], locale: Locale): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const e of endpoints) {
    const texts = Object.fromEntries([...codeTexts(e.refusals)].map(([code, text]) => [String(code), text[locale]]));
    if (Object.keys(texts).length) Object.assign((out[`/api${e.path}`] ??= {}), texts);
  }
  out['*'] = Object.fromEntries(Object.entries(GENERIC_TEXTS).map(([status, text]) => [status, text[locale]]));
  return out;
}
