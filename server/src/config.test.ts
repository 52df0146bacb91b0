import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS } from './config-keys.ts';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      adminPassword: 'admin',
      adminPasswordIsDefault: true,
      contentMaxFileBytes: undefined,
      contentQuotaBytes: undefined,
      namePolicy: 'strict',
      trustProxy: false,
      passwordMinLength: 8,
      sweepIntervalSeconds: 3600,
      sweepGraceSeconds: 3600,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads every key', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/q',
      DATABASE_URL: 'postgres://u@h/db',
      ADMIN_PASSWORD: 'pw',
      CONTENT_MAX_FILE_BYTES: '100',
      CONTENT_QUOTA_BYTES: '1000',
      NAME_POLICY: 'alfresco',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,loopback,fd00::/8',
      PASSWORD_MIN_LENGTH: '12',
      PASSWORD_HASH_COST: '15',
      SWEEP_INTERVAL_SECONDS: '60',
      SWEEP_GRACE_SECONDS: '7200',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/tmp/q',
      databaseUrl: 'postgres://u@h/db',
      adminPassword: 'pw',
      adminPasswordIsDefault: false,
      contentMaxFileBytes: 100,
      contentQuotaBytes: 1000,
      namePolicy: 'alfresco',
      logLevel: 'warn',
      trustProxy: ['10.0.0.2', '10.1.0.0/16', 'loopback', 'fd00::/8'],
      passwordMinLength: 12,
      passwordHashCost: 15,
      sweepIntervalSeconds: 60,
      sweepGraceSeconds: 7200,
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['CONTENT_MAX_FILE_BYTES', '-5'],
    ['CONTENT_QUOTA_BYTES', '10GB'],
    ['CONTENT_QUOTA_BYTES', '0'],
    ['NAME_POLICY', 'lenient'],
    ['MAX_FOLDER_DEPTH', '3'],
    ['MAX_FOLDER_DEPTH', 'deep'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'proxy.example'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,'],
    ['PASSWORD_MIN_LENGTH', '0'],
    ['PASSWORD_MIN_LENGTH', 'eight'],
    ['PASSWORD_MIN_LENGTH', '5000'],
    ['PASSWORD_HASH_COST', '9'],
    ['PASSWORD_HASH_COST', '17'],
    ['PASSWORD_HASH_COST', 'high'],
    ['CORS_ORIGINS', '*'],
    ['CORS_ORIGINS', 'null'],
    ['CORS_ORIGINS', 'https://*.example'],
    ['CORS_ORIGINS', 'https://app.example/path'],
    ['CORS_ORIGINS', 'app.example'],
    ['CORS_ORIGINS', 'ftp://app.example'],
    ['CORS_ORIGINS', 'https://user:pw@app.example'],
    ['CONTENT_STORE', 'nfs'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_ENDPOINT', 'http://minio:9000/bucket'],
    ['S3_BUCKET', 'Upper_Case'],
    ['S3_PREFIX', '/quire'],
    ['S3_FORCE_PATH_STYLE', 'maybe'],
    ['SWEEP_INTERVAL_SECONDS', '0'],
    ['SWEEP_INTERVAL_SECONDS', '1h'],
    ['SWEEP_GRACE_SECONDS', '0'],
    ['SWEEP_GRACE_SECONDS', '700000'],
  ])('stops with a message naming %s for %j', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [key]: value })).toThrow(new RegExp(`${key}=`));
  });

  it.each([
    ['false', false],
    ['true', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['::1/128', ['::1/128']],
  ])('reads TRUST_PROXY=%j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('reads CORS_ORIGINS as a list of origins, none when unset', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(
      loadConfig({ CORS_ORIGINS: ' https://App.Example:8443/ , http://localhost:4200,https://app.example:443' })
        .corsOrigins,
    ).toEqual(['https://app.example:8443', 'http://localhost:4200', 'https://app.example']);
  });

  it('uses the file-system content store unless CONTENT_STORE=s3', () => {
    expect(loadConfig({}).contentStore).toEqual({ kind: 'fs' });
    expect(loadConfig({ S3_BUCKET: 'ignored' }).contentStore).toEqual({ kind: 'fs' });
  });

  it('reads the S3 content store settings, with their defaults', () => {
    expect(loadConfig({ CONTENT_STORE: 's3', S3_BUCKET: 'quire' }).contentStore).toEqual({
      kind: 's3',
      endpoint: undefined,
      bucket: 'quire',
      region: 'us-east-1',
      prefix: '',
      forcePathStyle: false,
    });
    const config = loadConfig({
      CONTENT_STORE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'quire.content',
      S3_REGION: 'eu-west-3',
      S3_PREFIX: 'tenants/a',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.contentStore).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'quire.content',
      region: 'eu-west-3',
      prefix: 'tenants/a/',
      forcePathStyle: true,
    });
  });

  it('requires S3_BUCKET when CONTENT_STORE=s3', () => {
    expect(() => loadConfig({ CONTENT_STORE: 's3' })).toThrow(/S3_BUCKET="": is required when CONTENT_STORE=s3/);
  });

  it('is documented key by key in the README configuration table', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    for (const [key, doc] of Object.entries(CONFIG_KEYS)) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${key}\` `));
      expect(row, `README has no row for ${key}`).toBeDefined();
      expect(row).toContain(doc.default);
    }
  });

  it('names every key in .env.example', async () => {
    const example = await readFile(new URL('../../.env.example', import.meta.url), 'utf8');
    const named = new Set([...example.matchAll(/^#? ?([A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(Object.keys(CONFIG_KEYS).filter((key) => !named.has(key))).toEqual([]);
  });
});
