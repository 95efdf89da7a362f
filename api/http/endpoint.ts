import type { Request, Response } from 'express';
import type { AnyObject, InferType, ObjectSchema } from 'yup';
import type { AuthenticatedAdmin } from '../../shared/domain/auth';
import type { RefusalName, RefusalWording } from '../../shared/domain/refusals';
import { refusalTexts } from '../../shared/domain/refusal-texts';
import type { Locale, LocaleText } from '../../shared/i18n/locales';
import type { RequestMeta } from '../../shared/domain/audit';
import type { PreparedImage } from '../../shared/domain/uploads';
import type { RateLimitRule } from './rate-limit';
import type { UploadSpec } from './uploads';
import type { JsonSchema } from './answer-schemas';

/**
 * One definition per endpoint (docs/architecture.md, "The request pipeline"): its method and path, who may call it, the
 * schemas of its input, its rate limits, how it answers, and its handler. api/http/pipeline.ts runs
 * every definition through the same steps; the API document is generated from the same definitions.
 */

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A provider or vendor callback's check of its request (signature over the raw bytes); throws to refuse. */
export interface SignatureCheck {
  /** The integration's name, for logs and the API document. */
  name: string;
  /**
   * How the request is signed, for the API document: `timestamp-hmac` (default) is `X-Timestamp` and
   * `X-Signature` over the raw body; `body-check-sum` is a `check_sum` field of the body over its other
   * fields.
   */
  scheme?: 'timestamp-hmac' | 'body-check-sum';
  verify: (req: Request) => void;
}

/**
 * Who may call: anyone; anyone, with the player when a token is sent; a player; an administrator
 * whose group grants `<module>:read` (GET) or `<module>:write` (other methods), or any signed-in
 * administrator (`module: null`); a signed server-to-server callback.
 */
export type AuthSpec = 'none' | 'optional-player' | 'player' | { admin: string | null; cookie?: string } | { signature: SignatureCheck };

export interface Player {
  id: number;
  account: string;
  siteCode: string;
}

/** The acting administrator and its request, as the operation log records them. */
export interface AdminActor {
  adminId: number;
  /** The administrator's site filter (x-site-code header or siteCode query), null when not given. */
  siteCode: string | null;
  meta: RequestMeta;
}

type Schema = ObjectSchema<AnyObject>;
type Input<S> = S extends Schema ? InferType<S> : undefined;

type ActorOf<A> = A extends 'player'
  ? { player: Player; admin?: never; actor?: never }
  : A extends 'optional-player'
    ? { player: Player | null; admin?: never; actor?: never }
    : A extends { admin: string | null }
      ? { admin: AuthenticatedAdmin; actor: AdminActor; player?: never }
      : { player?: never; admin?: never; actor?: never };

/** What a handler gets: validated input, the caller, the site and the request's context. */
export type Call<A extends AuthSpec, B, Q, P> = ActorOf<A> & {
  body: Input<B>;
  /** The endpoint's uploaded images by field, checked and re-encoded, not stored (`uploads`); empty otherwise. */
  files: Record<string, PreparedImage>;
  query: Input<Q>;
  params: Input<P>;
  /**
   * The site the call acts on: the player's (token, else site-name header, else SITE_CODE); for
   * administrators the x-site-code header or siteCode query, else SITE_CODE.
   */
  site: string;
  /** The administrator's site filter as given (null = all sites / not given). */
  siteFilter: string | null;
  locale: Locale;
  requestId: string;
  /** Who asked and how (ip, user agent, method, path), for logs and login records. */
  meta: RequestMeta;
  req: Request;
  res: Response;
};

/**
 * How an endpoint answers. `envelope` (default): the handler's value is the `result` of
 * `{code: 200, message: 'ok', result}` and errors are envelopes. `raw`: the handler sends its own
 * answer (HTML, a redirect, a file); errors are still envelopes. An Answerer object answers both in a
 * third party's own shape (provider callbacks).
 */
export interface Answerer {
  ok(call: { req: Request; res: Response }, result: unknown): void;
  fail(call: { req: Request; res: Response }, err: unknown): void;
}
export type AnswerSpec = 'envelope' | 'raw' | Answerer;

/** One OpenAPI link (EndpointSpec.links). */
export interface EndpointLink {
  to: `${Method} /${string}`;
  description: string;
  parameters?: Record<string, string>;
  requestBody?: unknown;
}

export interface EndpointSpec<A extends AuthSpec, B extends Schema | undefined, Q extends Schema | undefined, P extends Schema | undefined> {
  method: Method;
  /** The path under /api, with Express parameters (`/game/admin/:id`). */
  path: string;
  auth: A;
  body?: B;
  query?: Q;
  params?: P;
  /**
   * A multipart/form-data body with image files (api/http/uploads.ts): its text fields are the body
   * `body` validates, its files the handler's `files`.
   */
  uploads?: UploadSpec;
  /** Rate limits, counted in this order; see api/http/rate-limit.ts for when each is counted. */
  limits?: RateLimitRule[];
  /**
   * The largest JSON body in bytes, for an endpoint whose documented body is larger than HTTP_BODY_LIMIT
   * allows (a game template of 2 000 providers); the document states it. Others take HTTP_BODY_LIMIT.
   */
  bodyLimit?: number;
  answer?: AnswerSpec;
  /**
   * The schema of the answer (api/http/answer-schemas.ts builds them): for `envelope`, the envelope's
   * `result`; for `raw`, the body the handler sends (of `resultMedia`); for an Answerer, the
   * integration's own answer. The API document shows it and the tests check every answer against it.
   */
  result?: JsonSchema;
  /**
   * Statuses the endpoint answers with a value instead of an error (GET /health's 503): the envelope
   * `{code: <status>, message, result}` with this `result`, besides the error envelope.
   */
  statusResults?: { [status: number]: { description: string; result: JsonSchema } };
  /** The media type of a `raw` answer (application/json unless told). */
  resultMedia?: string;
  /** The JSON body of an endpoint that reads its own body (a signed callback), for the API document only. */
  bodyDocument?: JsonSchema;
  /** Examples for the API document: a request body and the answer's `result`. */
  examples?: { body?: unknown; result?: unknown };
  /** One line for the API document. */
  summary?: string;
  /**
   * OpenAPI links from this endpoint's successful answer to the operations a client calls next with what
   * it got (register then log in, create then read): `to` names the operation as `<method> <path>` of a
   * declared endpoint, `parameters` and `requestBody` use OpenAPI runtime expressions
   * (`$response.body#/result/id`, `$request.body#/account`). The document refuses a link to nothing.
   */
  links?: Record<string, EndpointLink>;
  /**
   * The domain's refusals this endpoint answers (shared/domain/refusals.ts), each with the number its
   * clients see. The message is the name's text (shared/domain/refusal-texts.ts), or one of its other
   * wordings when the map says `{ code, wording }`.
   */
  refusals?: RefusalCodes;
  /**
   * A page for browsers: a request without a valid session (401) that asks for HTML (a GET with
   * `Accept: text/html`) is sent (303) to this login URL instead of the envelope; list 303 in `codes`.
   */
  browserLogin?: (req: Request) => string;
  /** Error codes the endpoint itself answers that no refusal carries (HTTP statuses), for the API document. */
  codes?: number[];
  /**
   * A player's money endpoint: its successful answer carries the X-Reality-Check header while the
   * player's reality check is due and not acknowledged (api/http/reality-check.ts); with
   * `header-and-result`, its result carries the check as `realityCheck` too (simulate).
   */
  realityCheck?: 'header' | 'header-and-result';
}

/** Refusal name -> the number an endpoint answers for it, with the wording it answers when not the name's text. */
export type RefusalCodes = { readonly [N in RefusalName]?: number | { readonly code: number; readonly wording: RefusalWording<N> } };

/** The number and the message an endpoint answers for a refusal; undefined when it does not map it. */
export function refusalCode(refusals: RefusalCodes | undefined, name: RefusalName): { code: number; text: LocaleText } | undefined {
  const mapped = refusals?.[name] as number | { code: number; wording: string } | undefined;
  if (mapped === undefined) return undefined;
  return typeof mapped === 'number' ? { code: mapped, text: refusalTexts(name) } : { code: mapped.code, text: refusalTexts(name, mapped.wording) };
}

/**
 * Each number an endpoint answers for a refusal, with its text: that of the first refusal of its map
 * answered with the number (the API document's codes and GET /common/enums ERROR_CODES both show it).
 */
export function codeTexts(refusals: RefusalCodes | undefined): Map<number, LocaleText> {
  const texts = new Map<number, LocaleText>();
  for (const name of Object.keys(refusals ?? {}) as RefusalName[]) {
    const mapped = refusalCode(refusals, name);
    if (mapped && !texts.has(mapped.code)) texts.set(mapped.code, mapped.text);
  }
  return texts;
}

/** Every number an endpoint can answer for a refusal. */
export function refusalNumbers(refusals: RefusalCodes | undefined): number[] {
  return [...new Set(Object.values(refusals ?? {}).map((m) => (typeof m === 'number' ? m : m.code)))];
}

export interface Endpoint<
  A extends AuthSpec = AuthSpec,
  B extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  P extends Schema | undefined = Schema | undefined,
  R = unknown,
> extends EndpointSpec<A, B, Q, P> {
  handler: (call: Call<A, B, Q, P>) => Promise<R> | R;
}

/** Declares one endpoint; `handler` gets the validated, typed input and the authenticated caller. */
export function endpoint<
  A extends AuthSpec,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  R = unknown,
>(spec: EndpointSpec<A, B, Q, P>, handler: (call: Call<A, B, Q, P>) => Promise<R> | R): Endpoint {
  return { ...spec, handler } as unknown as Endpoint;
}
