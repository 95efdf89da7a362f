import type { LocaleText } from '../i18n/locales';

/**
 * Every refusal the domain makes, by name: `<area>.<reason>` (`withdrawal.codeWrong`). Each area declares
 * its own in `shared/domain/<area>/refusals.ts` with `declareRefusals`, which adds them to this registry:
 * each name with the one line saying what it means and its message in every locale. The domain throws
 * `new Refusal('withdrawal.codeWrong')` (shared/errors.ts) and knows no numbers and no paths: each endpoint
 * declaration maps the names it can answer to the number its clients see (`refusals` in
 * api/http/endpoint.ts), and the answer's message is the name's text (shared/domain/refusal-texts.ts). See
 * docs/architecture.md, "Errors and refusals".
 */

/** One refusal of an area: what it means, and what it answers. */
export interface RefusalDeclaration {
  /** One line saying what the refusal means (for readers; the API document lists the names). */
  readonly means: string;
  /** The message in every locale of shared/i18n/locales.ts. */
  readonly text: LocaleText;
  /**
   * Other wordings of the same refusal, by name, for the endpoints that answer it in other words (a
   * disabled game answered as not found). An endpoint picks one in its map:
   * `{ 'game.disabled': { code: 5001, wording: 'asNotFound' } }`.
   */
  readonly wordings?: Readonly<Record<string, LocaleText>>;
}

/** Area -> reason -> its declaration. Areas add themselves (declaration merging). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- empty here; each area adds its members by declaration merging
export interface RefusalRegistry {}

/** A refusal's full name: `<area>.<reason>`. */
export type RefusalName = {
  [A in keyof RefusalRegistry & string]: `${A}.${keyof RefusalRegistry[A] & string}`;
}[keyof RefusalRegistry & string];

/** The declaration behind a name. */
export type RefusalOf<N extends RefusalName> = N extends `${infer A}.${infer R}`
  ? A extends keyof RefusalRegistry
    ? R extends keyof RefusalRegistry[A]
      ? RefusalRegistry[A][R]
      : never
    : never
  : never;

/** The names of a refusal's other wordings (never when it has none). */
export type RefusalWording<N extends RefusalName> = RefusalOf<N> extends { readonly wordings: infer W } ? keyof W & string : never;

/**
 * Declares an area's refusals: `reason -> { means, text, wordings? }`. Every locale's text is required (a
 * `LocaleText`). Pair it with a `declare module '../refusals'` block that adds `{ <area>: typeof <the
 * object> }` to RefusalRegistry, so `new Refusal(...)` and the endpoints' maps accept exactly these names
 * and wordings, and list the object in shared/domain/refusal-texts.ts, which finds a name's text.
 */
export function declareRefusals<const T extends Record<string, RefusalDeclaration>>(area: string, reasons: T): T {
  void area;
  return reasons;
}
