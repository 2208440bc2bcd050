import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** Every environment variable the server reads (DESIGN §4), parsed once at start. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /**
   * PGlite only: transactions queued for its one connection commit together, each in its own
   * savepoint (decision 121). Off by default: measured end to end, it did not pay.
   */
  PGLITE_GROUP_COMMIT: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  DATABASE_URL: optionalUrl.optional(),
  /** PostgreSQL only: connections this node's pool opens at most (decision 152). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  REDIS_URL: optionalUrl.optional(),
  REPLY_DELAY_MS: z.coerce.number().min(0).max(600_000).default(1500),
  /** How often each node runs the relationship clock (neglect, she writes first); 0 turns it off. */
  COMPANION_SWEEP_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
  /** A reply owed longer than this is failed and refunded by the recovery sweep (decision 033). */
  REPLY_DEADLINE_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** How often each node sweeps owed replies, the sandbox webhook outbox and pending payments; 0 turns it off. */
  RECOVERY_SWEEP_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** A payment still pending after this long is settled by asking its provider (decision 034). */
  PAYMENT_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  /** An unpaid checkout older than this is expired at the provider and marked failed. */
  PAYMENT_EXPIRE_AFTER_MS: z.coerce.number().int().min(0).max(2_592_000_000).default(86_400_000),
  LLM_BASE_URL: optionalUrl.optional(),
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  /** Tokens the model may see per request (prompt + reply), estimated at ~4 characters each. */
  LLM_CONTEXT_TOKENS: z.coerce.number().int().min(512).max(1_000_000).default(4096),
  /** Wait for the model server to start answering. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(20_000),
  /** Longest silence between two streamed chunks. */
  LLM_IDLE_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(15_000),
  /** Retries (with exponential backoff) of a reply before any text arrived. */
  LLM_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  LLM_RETRY_BASE_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /** Payments: the provider used when a request names none (the built-in sandbox by default). */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe', 'telegram', 'crypto']).default('sandbox'),
  /** The sandbox processor delays each webhook by a random 0..N ms (so they can arrive out of order). */
  SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  /** Chance (0..1) that the sandbox delivers an event twice, as real processors sometimes do. */
  SANDBOX_DUPLICATE_RATE: z.coerce.number().min(0).max(1).default(0.25),
  /** How long the sandbox's 4000 0000 0000 0077 card stays processing. */
  SANDBOX_PROCESSING_MS: z.coerce.number().int().min(0).max(600_000).default(4000),
  /** How often this node sweeps subscriptions (grants, renewals, expiries); 0 turns the job off. */
  SUBSCRIPTION_SWEEP_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  SANDBOX_RETRY_BASE_MS: z.coerce.number().int().min(1).max(600_000).default(500),
  TTS_BASE_URL: optionalUrl.optional(),
  TTS_API_KEY: optionalText,
  /** The model asked of the TTS endpoint (default tts-1). */
  TTS_MODEL: optionalText,
  TELEGRAM_BOT_TOKEN: optionalText,
  /** Secret Telegram echoes in X-Telegram-Bot-Api-Secret-Token on our payment webhook (setWebhook
   * secret_token); derived from the bot token when unset. */
  TELEGRAM_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,256}$/, 'use 1-256 characters A-Z, a-z, 0-9, _ and -')
      .optional(),
  ),
  /** The Bot API origin (default https://api.telegram.org; tests point it at a loopback fake). */
  TELEGRAM_API_URL: optionalUrl.optional(),
  /** Stripe Checkout: set both to enable the Stripe adapter (PAYMENT_PROVIDER=stripe makes it the default). */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** The Stripe API origin (default https://api.stripe.com; tests point it at a loopback fake). */
  STRIPE_API_URL: optionalUrl.optional(),
  /** BTCPay Server (the crypto processor, decision 057): set all four to enable it. */
  BTCPAY_URL: optionalUrl.optional(),
  BTCPAY_STORE_ID: optionalText,
  BTCPAY_API_KEY: optionalText,
  BTCPAY_WEBHOOK_SECRET: optionalText,
  /**
   * Sign-in providers (decision 110): each is enabled by its client id and secret (Apple: the
   * Services ID, team id, key id and the .p8 private key). OAUTH_<P>_URL points one at another
   * origin serving /authorize, /token, /jwks and /userinfo (the loopback fake in tests).
   */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
  APPLE_CLIENT_ID: optionalText,
  APPLE_TEAM_ID: optionalText,
  APPLE_KEY_ID: optionalText,
  /** The PKCS#8 PEM of the Sign in with Apple key; `\n` may stand for line breaks. */
  APPLE_PRIVATE_KEY: optionalText.transform((v) => v?.replace(/\\n/g, '\n')),
  DISCORD_CLIENT_ID: optionalText,
  DISCORD_CLIENT_SECRET: optionalText,
  X_CLIENT_ID: optionalText,
  X_CLIENT_SECRET: optionalText,
  OAUTH_GOOGLE_URL: optionalUrl.optional(),
  OAUTH_FACEBOOK_URL: optionalUrl.optional(),
  OAUTH_APPLE_URL: optionalUrl.optional(),
  OAUTH_DISCORD_URL: optionalUrl.optional(),
  OAUTH_X_URL: optionalUrl.optional(),
  SMTP_URL: optionalText,
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText,
  PUBLIC_URL: optionalUrl.optional(),
  JWT_SECRET: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where media files are kept; defaults to DATA_DIR/media. */
  MEDIA_DIR: optionalText,
  /** An S3-compatible bucket for media instead of the local folder (S3_BUCKET turns it on; decision 040). */
  S3_ENDPOINT: optionalUrl.optional(),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Where the built SPA lives (default apps/web/dist); an empty value serves the API only. */
  WEB_DIST: z.string().trim().optional(),
  /** Set to "false" to keep the demo characters out of a fresh database. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * What an account whose email is not confirmed may do until the operator sets it in the console
   * (issue 14): chat (default true) and buy (default false).
   */
  UNVERIFIED_CAN_CHAT: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  UNVERIFIED_CAN_BUY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Rate limit for auth endpoints, requests per minute per IP. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /**
   * Which proxies in front of the server may name the client in X-Forwarded-For (decision 039):
   * `false` (default: the socket's address is the client), `true` or a number (that many proxy hops;
   * `true` is 1, so a client's own X-Forwarded-For entries are never believed), or a comma-separated
   * list of proxy addresses/CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): false | number | string => {
      if (v === '' || v === 'false') return false;
      if (v === 'true') return 1;
      if (/^\d+$/.test(v)) return Number(v);
      if (/^[0-9a-fA-F.:/,\s]+$/.test(v)) return v;
      ctx.addIssue({ code: 'custom', message: 'use false, true, a hop count or a list of proxy addresses' });
      return z.NEVER;
    }),
  /** Writes (non-GET requests) per route per signed-in user per minute; some routes allow fewer. */
  RATE_LIMIT_WRITES: z.coerce.number().int().min(1).default(60),
  /** Wrong passwords for one account before its sign-in slows down. */
  SIGNIN_FREE_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(5),
  /** The first sign-in lock of an account; it doubles with each further wrong password. */
  SIGNIN_LOCK_BASE_MS: z.coerce.number().int().min(1).max(86_400_000).default(1000),
  /** The longest sign-in lock. */
  SIGNIN_LOCK_MAX_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400_000)
    .default(15 * 60_000),
  /** Socket events one connection may send in a burst (refilled at SOCKET_EVENTS_PER_SECOND); a flood is dropped. */
  SOCKET_EVENT_BURST: z.coerce.number().int().min(1).default(60),
  SOCKET_EVENTS_PER_SECOND: z.coerce.number().min(0.1).default(10),
  /** Open sockets per user across all nodes; the oldest are dropped. */
  SOCKETS_PER_USER: z.coerce.number().int().min(1).default(20),
  /**
   * FOR TESTS ONLY (off by default): the geo price tier follows the `ip` in the body of
   * POST /api/user/geo and /api/auth/exchange-token instead of the connection's address, so tests
   * can stand in any country. Never set it on a real server: users would pick their own prices.
   */
  GEO_TRUST_BODY_IP: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type Config = z.infer<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = { ...parsed.data, ...overrides };
  // Relative paths are taken from where the command was started (npm sets INIT_CWD to it; npm
  // workspace scripts themselves run inside apps/server), so `npm start` keeps ./data at the root.
  const base = env.INIT_CWD ?? process.cwd();
  const absolute = (p: string) => (isAbsolute(p) ? p : resolve(base, p));
  if (config.DATA_DIR !== 'memory://') config.DATA_DIR = absolute(config.DATA_DIR);
  if (config.MEDIA_DIR) config.MEDIA_DIR = absolute(config.MEDIA_DIR);
  if (config.WEB_DIST) config.WEB_DIST = absolute(config.WEB_DIST);
  if ((config.ADMIN_EMAIL && !config.ADMIN_PASSWORD) || (!config.ADMIN_EMAIL && config.ADMIN_PASSWORD)) {
    throw new Error('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY (webhooks are verified with it)',
    );
  }
  if (config.PAYMENT_PROVIDER === 'stripe' && !config.STRIPE_SECRET_KEY) {
    throw new Error(
      'Invalid configuration:\n  PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  if (config.PAYMENT_PROVIDER === 'telegram' && !config.TELEGRAM_BOT_TOKEN) {
    throw new Error('Invalid configuration:\n  PAYMENT_PROVIDER=telegram needs TELEGRAM_BOT_TOKEN');
  }
  const btcpay = [
    config.BTCPAY_URL,
    config.BTCPAY_STORE_ID,
    config.BTCPAY_API_KEY,
    config.BTCPAY_WEBHOOK_SECRET,
  ];
  if (btcpay.some(Boolean) && !btcpay.every(Boolean)) {
    throw new Error(
      'Invalid configuration:\n  BTCPAY_URL, BTCPAY_STORE_ID, BTCPAY_API_KEY and BTCPAY_WEBHOOK_SECRET must be set together',
    );
  }
  if (config.PAYMENT_PROVIDER === 'crypto' && !config.BTCPAY_URL) {
    throw new Error('Invalid configuration:\n  PAYMENT_PROVIDER=crypto needs the four BTCPAY_* settings');
  }
  const together: [string, (string | undefined)[]][] = [
    ['GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET', [config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET]],
    [
      'FACEBOOK_CLIENT_ID and FACEBOOK_CLIENT_SECRET',
      [config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET],
    ],
    ['DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET', [config.DISCORD_CLIENT_ID, config.DISCORD_CLIENT_SECRET]],
    ['X_CLIENT_ID and X_CLIENT_SECRET', [config.X_CLIENT_ID, config.X_CLIENT_SECRET]],
    [
      'APPLE_CLIENT_ID, APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY',
      [config.APPLE_CLIENT_ID, config.APPLE_TEAM_ID, config.APPLE_KEY_ID, config.APPLE_PRIVATE_KEY],
    ],
  ];
  for (const [names, values] of together) {
    if (values.some(Boolean) && !values.every(Boolean))
      throw new Error(`Invalid configuration:\n  ${names} must be set together`);
  }
  if (config.LLM_BASE_URL && !config.LLM_MODEL) {
    throw new Error(
      'Invalid configuration:\n  LLM_MODEL must be set with LLM_BASE_URL (the model name the server knows)',
    );
  }
  return config;
}
