import type { ConfigKey } from './config.ts';

/**
 * Every setting with its default and meaning, as the README's configuration table gives them
 * (config.test.ts checks the table row by row; the type makes a setting without them an error).
 */
export const CONFIG_KEYS: Record<ConfigKey, { default: string; description: string }> = {
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
      'Worker threads reading the text of uploaded files for search (PDF, office documents, HTML, text over 64 KiB), each file within 30 s and 512 MiB; 0: this instance reads none (another instance on the same database does). Plain text up to 64 KiB is read by the upload itself.',
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
  DOWNLOAD_MAX_BYTES: {
    default: '2147483648',
    description:
      'Most bytes of content one zip download (`POST /downloads`: a folder or several items) may gather; a larger one ends MAX_CONTENT_SIZE_EXCEEDED, as Alfresco (its `download.maxContentSize`, about 2 GiB).',
  },
  DOWNLOAD_MAX_FILES: {
    default: '10000',
    description:
      "Most files and folders one zip download may hold; more ends it MAX_CONTENT_SIZE_EXCEEDED (bounds the walk of a deep tree and the job's memory).",
  },
  DOWNLOAD_MAX_PER_PERSON: {
    default: '10',
    description:
      'Zip downloads one person may have at once, finished ones included until the sweeper removes them (DOWNLOAD_RETENTION_MINUTES); more get 429. Bounds the disk one person can fill with zips.',
  },
  DOWNLOAD_RETENTION_MINUTES: {
    default: '60',
    description:
      'Minutes a zip download (its status and its zip) is kept before the sweeper removes it, on its next run (SWEEP_INTERVAL_SECONDS); Alfresco: 60.',
  },
};
