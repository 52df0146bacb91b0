import path from 'node:path';
import { z } from 'zod';
import type { ContentStoreSettings } from './content-store/settings.ts';
import { positiveBytes, trustProxy, corsOrigins, booleanFlag, endpointUrl, keyPrefix } from './config-values.ts';

/**
 * The one configuration schema. Nothing else in the server reads process.env.
 * Each key has a default and a one-line description; the README's configuration table is
 * checked against CONFIG_KEYS by a test.
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
  DOWNLOAD_URL_TTL_SECONDS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of seconds')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 300, 'must be between 1 and 300 seconds')
    .default(30),
  TRUST_PROXY: trustProxy.optional(),
  PASSWORD_MIN_LENGTH: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of characters')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 1024, 'must be between 1 and 1024')
    .default(8),
  PASSWORD_HASH_COST: z
    .string()
    .regex(/^\d+$/, 'must be a whole number (log2 of scrypt N)')
    .transform(Number)
    .refine((n) => n >= 10 && n <= 16, 'must be between 10 and 16')
    .default(14),
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
  SWEEP_INTERVAL_SECONDS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of seconds')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 604_800, 'must be between 1 and 604800 seconds (a week)')
    .default(3600),
  SWEEP_GRACE_SECONDS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of seconds')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 604_800, 'must be between 1 and 604800 seconds (a week)')
    .default(3600),
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
});

function wholeNumber(min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be between ${min} and ${max}`);
}

export const CONFIG_KEYS: Record<keyof z.input<typeof schema>, { default: string; description: string }> = {
  PORT: { default: '8080', description: 'TCP port of the HTTP server (API and web app).' },
  HOST: {
    default: '127.0.0.1',
    description: 'Address to bind; set 0.0.0.0 to accept connections from other machines.',
  },
  DATA_DIR: {
    default: './data',
    description: 'Directory of the content store (CONTENT_STORE=fs) and of the embedded SQLite database.',
  },
  DATABASE_URL: {
    default: '(unset)',
    description: 'Unset: embedded SQLite in DATA_DIR. `postgres://user@host:5432/db`: PostgreSQL.',
  },
  ADMIN_PASSWORD: {
    default: 'admin',
    description:
      'Password of the `admin` account when it is first created (a warning is logged when the default is used).',
  },
  CONTENT_MAX_FILE_BYTES: {
    default: '(unset = no limit)',
    description: 'Largest single file in bytes; larger uploads get 413.',
  },
  CONTENT_QUOTA_BYTES: {
    default: '(unset = no quota)',
    description: 'Total bytes of content the repository may hold; uploads beyond it get 507.',
  },
  NAME_POLICY: {
    default: 'strict',
    description:
      '`strict`: node names must not contain spaces (the interface rule). `alfresco`: inner spaces allowed, as Alfresco does.',
  },
  MAX_FOLDER_DEPTH: {
    default: '256',
    description: 'How many levels below Company Home a folder may be; deeper creates, moves and copies get 422.',
  },
  LOG_LEVEL: { default: 'info', description: 'Log level: fatal, error, warn, info, debug, trace or silent.' },
  DOWNLOAD_URL_TTL_SECONDS: {
    default: '30',
    description:
      'How long a direct access (download) URL works, 1–300 s; it is needed only to start a download (Alfresco: 30 s).',
  },
  TRUST_PROXY: {
    default: 'false',
    description:
      "Behind a reverse proxy: whose `X-Forwarded-For` gives the client address (for the login throttle and the log). `false`: none (the connection's address). A list of addresses or CIDR ranges (`10.0.0.2,10.1.0.0/16`; also `loopback`, `linklocal`, `uniquelocal`): those proxies. A number n: the n nearest hops. `true`: the nearest hop (as 1).",
  },
  PASSWORD_MIN_LENGTH: {
    default: '8',
    description:
      'Shortest password (in characters) for people created or changed through the API; the password policy also refuses blanks, the user name and control characters. The admin bootstrap (ADMIN_PASSWORD) is not checked.',
  },
  PASSWORD_HASH_COST: {
    default: '14',
    description:
      "scrypt's cost for new password hashes, as log2 N: each step up doubles the memory (16 MiB at 14) and CPU of a hash and of each sign-in check against it. A hash keeps the cost it was made with, so raising it applies to passwords set from then on. Below 14 only for test servers.",
  },
  CORS_ORIGINS: {
    default: '(unset = none)',
    description:
      'Origins whose browser scripts may call the API (an ADF or Content App dev server), comma-separated: `https://app.example,http://localhost:4200`. Credentials allowed, preflights cached 10 minutes; no wildcard.',
  },
  TRASH_RETENTION_DAYS: {
    default: '30',
    description:
      'Days a deleted node stays in the trashcan before it is purged for good (checked hourly, by one instance at a time); 0 keeps it until purged by hand.',
  },
  TEXT_EXTRACTION_THREADS: {
    default: '1',
    description:
      'Worker threads reading the text of uploaded files for search (PDF, office documents, HTML, text), each file within 30 s and 512 MiB; 0: this instance reads none (another instance on the same database does).',
  },
  SWEEP_INTERVAL_SECONDS: {
    default: '3600',
    description:
      'How often the content sweeper and the trash purge run, once per interval across all instances (the first time a minute after start, or sooner when the interval is shorter).',
  },
  SWEEP_GRACE_SECONDS: {
    default: '3600',
    description:
      'How old what a crash left (staged uploads, objects no row names, rows no node names) must be before the sweeper removes it; keep it above the longest upload.',
  },
  CONTENT_STORE: {
    default: 'fs',
    description:
      'Where content bytes live: `fs`, files under DATA_DIR/content (shared by every instance, e.g. over NFS); `s3`, a bucket of an S3-compatible service (AWS S3, MinIO, Ceph RGW), credentials from the standard AWS variables (see docs/operations.md).',
  },
  S3_ENDPOINT: {
    default: '(unset = AWS S3)',
    description: 'With `s3`: the service URL, such as `http://minio.internal:9000`; unset: AWS S3 in S3_REGION.',
  },
  S3_BUCKET: {
    default: '(unset)',
    description: 'With `s3`: the bucket, which must exist (checked at start); required.',
  },
  S3_REGION: {
    default: 'us-east-1',
    description: "With `s3`: the bucket's region (MinIO and Ceph accept the default).",
  },
  S3_PREFIX: {
    default: '(unset = none)',
    description: 'With `s3`: a key prefix (`quire/`) when the bucket is shared; objects go under `<prefix>objects/`.',
  },
  S3_FORCE_PATH_STYLE: {
    default: 'false',
    description:
      'With `s3`: `true` addresses the bucket in the path (`endpoint/bucket/key`), as MinIO and Ceph RGW usually need.',
  },
  EVENTS_MAX_CONNECTIONS: {
    default: '2000',
    description: 'Live update streams (`…/quire/versions/1/events`) one instance holds open; more get 503.',
  },
  EVENTS_MAX_CONNECTIONS_PER_USER: {
    default: '10',
    description: "Live update streams one person may hold open on one instance (a browser tab's each); more get 429.",
  },
  EVENTS_RETENTION_HOURS: {
    default: '24',
    description:
      'Hours the event log keeps events for streams resuming with `Last-Event-ID` (pruned hourly by one instance); older resumes are told to reload.',
  },
};

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
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws a ConfigError that names the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(CONFIG_KEYS)) {
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
  });
}
