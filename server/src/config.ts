import path from 'node:path';
import { z } from 'zod';
import type { ContentStoreSettings } from './content-store/settings.ts';
import { positiveBytes, trustProxy, corsOrigins, booleanFlag, endpointUrl, keyPrefix } from './config-values.ts';

/**
 * The one configuration schema. Nothing else in the server reads process.env.
 * Each key has a default and a one-line description; the README's configuration table is
 * checked against CONFIG_KEYS (config-keys.ts) by a test.
 */
const schema = z.object({
  PORT: z
    .string()
    .regex(/^\d+$/, 'must be a port number')
    .transform(Number)
    .refine((n) => n >= 0 && n <= 65535, 'must be between 0 and 65535')
    .default(8080),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for the embedded SQLite database)')
    .optional(),
  ADMIN_PASSWORD: z.string().min(1, 'must not be empty').optional(),
  CONTENT_MAX_FILE_BYTES: positiveBytes.optional(),
  CONTENT_QUOTA_BYTES: positiveBytes.optional(),
  NAME_POLICY: z.enum(['strict', 'alfresco']).default('strict'),
  MAX_FOLDER_DEPTH: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of levels')
    .transform(Number)
    .refine((n) => n >= 4 && n <= 100_000, 'must be between 4 and 100000 (sites need 3 levels)')
    .default(256),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DOWNLOAD_URL_TTL_SECONDS: wholeNumber(1, 300, 'seconds').default(30),
  TRUST_PROXY: trustProxy.optional(),
  PASSWORD_MIN_LENGTH: wholeNumber(1, 1024, 'characters').default(8),
  PASSWORD_HASH_COST: wholeNumber(10, 16, '(log2 of scrypt N)').default(14),
  CORS_ORIGINS: corsOrigins.optional(),
  TRASH_RETENTION_DAYS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of days (0: keep until purged by hand)')
    .transform(Number)
    .refine((n) => n <= 36_500, 'must be at most 36500 days')
    .default(30),
  TEXT_EXTRACTION_THREADS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of threads (0: this instance reads no text)')
    .transform(Number)
    .refine((n) => n <= 64, 'must be at most 64')
    .default(1),
  SWEEP_INTERVAL_SECONDS: wholeNumber(1, 604_800, 'seconds').default(3600),
  SWEEP_GRACE_SECONDS: wholeNumber(1, 604_800, 'seconds').default(3600),
  CONTENT_STORE: z.enum(['fs', 's3']).default('fs'),
  S3_ENDPOINT: endpointUrl.optional(),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens',
    )
    .optional(),
  S3_REGION: z.string().trim().min(1, 'must not be empty').default('us-east-1'),
  S3_PREFIX: keyPrefix.optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  EVENTS_MAX_CONNECTIONS: wholeNumber(1, 100_000).default(2000),
  EVENTS_MAX_CONNECTIONS_PER_USER: wholeNumber(1, 100_000).default(10),
  EVENTS_RETENTION_HOURS: wholeNumber(1, 8760).default(24),
  DOWNLOAD_MAX_BYTES: positiveBytes.default(2_147_483_648),
  DOWNLOAD_MAX_FILES: wholeNumber(1, 1_000_000, 'files and folders').default(10_000),
  DOWNLOAD_RETENTION_MINUTES: wholeNumber(1, 10_080, 'minutes').default(60),
  DOWNLOAD_MAX_PER_PERSON: wholeNumber(1, 10_000, 'downloads').default(10),
});

/** A whole number from `min` to `max` (of `unit`: "seconds"), with messages that say so. */
function wholeNumber(min: number, max: number, unit = '') {
  const of = unit ? ` ${unit}` : '';
  return z
    .string()
    .regex(/^\d+$/, `must be a whole number${of}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be between ${min} and ${max}${of}`);
}

/** The names of the settings (environment variables). */
export type ConfigKey = keyof z.input<typeof schema>;

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly adminPassword: string;
  readonly adminPasswordIsDefault: boolean;
  readonly contentMaxFileBytes: number | undefined;
  readonly contentQuotaBytes: number | undefined;
  readonly namePolicy: 'strict' | 'alfresco';
  readonly maxFolderDepth: number;
  readonly logLevel: string;
  readonly downloadUrlTtlSeconds: number;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For gives the client address. */
  readonly trustProxy: boolean | number | readonly string[];
  readonly passwordMinLength: number;
  /** PASSWORD_HASH_COST: log2 of scrypt's N for new password hashes. */
  readonly passwordHashCost: number;
  /** Origins allowed to call the API from a browser (CORS); empty: none. */
  readonly corsOrigins: readonly string[];
  /** Days a trash item is kept before the hourly purge removes it; 0: until purged by hand. */
  readonly trashRetentionDays: number;
  /** Worker threads reading contents' text for search; 0: none on this instance. */
  readonly textExtractionThreads: number;
  /** How often the content sweeper and the trash purge run (once per interval across instances). */
  readonly sweepIntervalSeconds: number;
  /** How old a crash's leftovers must be before the sweeper removes them. */
  readonly sweepGraceSeconds: number;
  /** The content store: files under DATA_DIR/content, or an S3-compatible bucket (ADR 0020). */
  readonly contentStore: ContentStoreSettings;
  /** Live update streams (ADR 0022): open at most, per instance and per person; hours of event log kept. */
  readonly events: { readonly maxConnections: number; readonly maxPerUser: number; readonly retentionHours: number };
  /** Zip downloads (`/downloads`): the most content bytes and entries one may hold; minutes a download is kept. */
  readonly downloads: {
    readonly maxBytes: number;
    readonly maxFiles: number;
    readonly retentionMinutes: number;
    readonly maxPerPerson: number;
  };
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws a ConfigError that names the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = schema
    .superRefine((c, ctx) => {
      if (c.CONTENT_STORE === 's3' && !c.S3_BUCKET) {
        ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when CONTENT_STORE=s3' });
      }
    })
    .safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '?');
      return `${key}=${JSON.stringify(input[key] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  return Object.freeze({
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    adminPassword: c.ADMIN_PASSWORD ?? 'admin',
    adminPasswordIsDefault: c.ADMIN_PASSWORD === undefined,
    contentMaxFileBytes: c.CONTENT_MAX_FILE_BYTES,
    contentQuotaBytes: c.CONTENT_QUOTA_BYTES,
    namePolicy: c.NAME_POLICY,
    maxFolderDepth: c.MAX_FOLDER_DEPTH,
    logLevel: c.LOG_LEVEL,
    downloadUrlTtlSeconds: c.DOWNLOAD_URL_TTL_SECONDS,
    trustProxy: c.TRUST_PROXY ?? false,
    passwordMinLength: c.PASSWORD_MIN_LENGTH,
    passwordHashCost: c.PASSWORD_HASH_COST,
    corsOrigins: Object.freeze(c.CORS_ORIGINS ?? []),
    trashRetentionDays: c.TRASH_RETENTION_DAYS,
    textExtractionThreads: c.TEXT_EXTRACTION_THREADS,
    sweepIntervalSeconds: c.SWEEP_INTERVAL_SECONDS,
    sweepGraceSeconds: c.SWEEP_GRACE_SECONDS,
    contentStore: Object.freeze(
      c.CONTENT_STORE === 's3'
        ? {
            kind: 's3' as const,
            ...{ endpoint: c.S3_ENDPOINT, bucket: c.S3_BUCKET!, region: c.S3_REGION },
            ...{ prefix: c.S3_PREFIX ?? '', forcePathStyle: c.S3_FORCE_PATH_STYLE },
          }
        : { kind: 'fs' as const },
    ),
    events: Object.freeze({
      maxConnections: c.EVENTS_MAX_CONNECTIONS,
      maxPerUser: c.EVENTS_MAX_CONNECTIONS_PER_USER,
      retentionHours: c.EVENTS_RETENTION_HOURS,
    }),
    downloads: Object.freeze({
      maxBytes: c.DOWNLOAD_MAX_BYTES,
      maxFiles: c.DOWNLOAD_MAX_FILES,
      retentionMinutes: c.DOWNLOAD_RETENTION_MINUTES,
      maxPerPerson: c.DOWNLOAD_MAX_PER_PERSON,
    }),
  });
}
