// oidc-provider 9 ships no types and @types/oidc-provider is not installed: these declarations
// cover only what dev-provider.ts uses (https://github.com/panva/node-oidc-provider/tree/main/docs).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type JsonObject = Record<string, unknown>;

  export interface AdapterPayload extends JsonObject {
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: number;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface KoaContextWithOidc {
    oidc: {
      result?: { login?: unknown } & JsonObject;
      params?: JsonObject;
    };
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): JsonObject | Promise<JsonObject>;
  }

  export interface ClientMetadata extends JsonObject {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
  }

  export interface Configuration {
    adapter?: (name: string) => Adapter;
    clients?: ClientMetadata[];
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    conformIdTokenClaims?: boolean;
    cookies?: {
      keys?: string[];
      names?: { session?: string; interaction?: string; resume?: string };
      long?: JsonObject;
      short?: JsonObject;
    };
    features?: Record<string, { enabled: boolean } & JsonObject>;
    findAccount?: (
      ctx: KoaContextWithOidc,
      id: string,
    ) => Account | undefined | Promise<Account | undefined>;
    interactions?: {
      policy?: Prompt[];
      url?: (ctx: KoaContextWithOidc, interaction: Interaction) => string | Promise<string>;
    };
    jwks?: { keys: JsonObject[] };
    pkce?: { required?: (ctx: KoaContextWithOidc, client: unknown) => boolean };
    renderError?: (
      ctx: KoaContextWithOidc & {
        type: string;
        body: unknown;
        set(field: string, value: string): void;
      },
      out: { error: string; error_description?: string },
      error: Error,
    ) => void | Promise<void>;
    responseTypes?: string[];
    clientBasedCORS?: (ctx: KoaContextWithOidc, origin: string, client: unknown) => boolean;
    ttl?: Record<string, number>;
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string; reasons: string[]; details: JsonObject };
    params: JsonObject & { client_id?: string; scope?: string; claims?: string };
    session?: { accountId?: string; uid?: string } | undefined;
    grantId?: string | undefined;
    returnTo: string;
    persist(): Promise<unknown>;
  }

  export interface SessionConstructor {
    findByUid(uid: string): Promise<{ destroy(): Promise<void> } | undefined>;
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export class Check {
    static readonly REQUEST_PROMPT: true;
    static readonly NO_NEED_TO_PROMPT: false;
    constructor(
      reason: string,
      description: string,
      check: (ctx: KoaContextWithOidc) => boolean | Promise<boolean>,
    );
  }

  export interface Prompt {
    name: string;
    checks: Check[] & { add(check: Check, index?: number): void };
  }

  export const interactionPolicy: {
    base(): Prompt[] & { get(name: string): Prompt | undefined };
    Check: typeof Check;
  };

  export const errors: {
    SessionNotFound: new (...args: never[]) => Error;
  };

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    readonly Grant: GrantConstructor;
    readonly Session: SessionConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: JsonObject,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }
}
