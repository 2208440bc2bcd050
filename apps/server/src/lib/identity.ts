/**
 * Who is calling: the one thing the HTTP and socket plugins need from the accounts modules.
 * The plugins are registered before any module (their hooks must see every route), and the
 * accounts are built after the database: so buildApp hands the plugins this port first and
 * `provide`s the implementation once the auth and users services exist (decision 055).
 * Nothing is looked up by name: the port is given explicitly to whoever uses it.
 */
export type Authenticated = { userId: string; banned: boolean; bannedReason: string | null };
export type Role = 'admin' | 'partner' | 'user';

export type Identity = {
  /** A bearer access token's account, or null (invalid, expired, of an ended session). */
  authenticate(token: string): Promise<Authenticated | null>;
  /** The account's role (throws 401 when the account is gone). */
  roleOf(userId: string): Promise<Role>;
  /** The account's interface language, or null. */
  languageOf(userId: string): Promise<string | null>;
};

export type IdentityPort = Identity & { provide(impl: Identity): void };

export function createIdentityPort(): IdentityPort {
  let impl: Identity | null = null;
  const use = (): Identity => {
    if (!impl) throw new Error('identity used before the accounts modules were built');
    return impl;
  };
  return {
    provide(i) {
      impl = i;
    },
    authenticate: (token) => use().authenticate(token),
    roleOf: (userId) => use().roleOf(userId),
    languageOf: async (userId) => (impl ? impl.languageOf(userId) : null),
  };
}
