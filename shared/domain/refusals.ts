/**
 * Every refusal the domain makes, by name: `<area>.<reason>` (`withdrawal.codeWrong`). Each area declares
 * its own in `shared/domain/<area>/refusals.ts` with `declareRefusals`, which adds them to this registry;
 * the domain throws `new Refusal('withdrawal.codeWrong')` (shared/errors.ts). The domain knows no numbers
 * and no paths: each endpoint declaration maps the names it can answer to the number its clients see
 * (`refusals` in api/http/endpoint.ts), and the error table gives that number's text under the endpoint's
 * path. See docs/architecture.md, "Errors and refusals".
 */

/** Area -> reason -> one line saying what the refusal means. Areas add themselves (declaration merging). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- empty here; each area adds its members by declaration merging
export interface RefusalRegistry {}

/** A refusal's full name: `<area>.<reason>`. */
export type RefusalName = {
  [A in keyof RefusalRegistry & string]: `${A}.${keyof RefusalRegistry[A] & string}`;
}[keyof RefusalRegistry & string];

/**
 * Declares an area's refusals: `reason -> one line saying what it means` (for readers; the API document
 * lists the names each endpoint answers). Pair it with a `declare module '../refusals'` block that adds
 * `{ <area>: typeof <the object> }` to RefusalRegistry, so `new Refusal(...)` accepts exactly these names.
 */
export function declareRefusals<const T extends Record<string, string>>(area: string, reasons: T): T {
  void area;
  return reasons;
}
