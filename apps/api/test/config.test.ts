import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config';

// README.md#configuration: Laravel's names and defaults; bad configuration stops the server at
// start with one clear line naming the variable. (No database here, so no engines to run on.)

describe('configuration', () => {
  test('defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      appName: 'Gestor',
      appEnv: 'production',
      appUrl: 'http://localhost:8000',
      frontendUrl: 'http://localhost:8000',
      host: '127.0.0.1',
      port: 8000,
      storagePath: './storage',
      database: { connection: 'pglite' },
      registrationEnabled: false,
      uploadMaxMb: 20,
      trashRetentionDays: 30,
    });
    expect(config.session).toMatchObject({
      cookieName: 'gestor_session',
      lifetimeMinutes: 120,
      secure: false,
      domain: undefined,
    });
    expect(config.session.statefulDomains).toEqual(
      expect.arrayContaining(['localhost:8000', 'localhost', 'localhost:*', '127.0.0.1', '127.0.0.1:*']),
    );
    expect(config.mail).toMatchObject({
      mailer: 'log',
      fromAddress: 'no-reply@localhost',
      fromName: 'Gestor',
    });
    expect(config.admin.email).toBe('admin@example.com');
  });

  test('the session cookie is named after APP_NAME', () => {
    expect(loadConfig({ APP_NAME: 'Mi Gestor Público' }).session.cookieName).toBe(
      'mi_gestor_publico_session',
    );
    expect(loadConfig({ APP_NAME: 'Mi Gestor Público' }).mail.fromName).toBe('Mi Gestor Público');
  });

  test('DATABASE_URL implies pgsql; pgsql without DATABASE_URL is refused', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://gestor@db:5432/gestor' }).database).toEqual({
      connection: 'pgsql',
      url: 'postgres://gestor@db:5432/gestor',
    });
    expect(() => loadConfig({ DB_CONNECTION: 'pgsql' })).toThrow(/DATABASE_URL/);
  });

  test('https APP_URL makes cookies Secure unless SESSION_SECURE_COOKIE says otherwise', () => {
    expect(loadConfig({ APP_URL: 'https://gestor.example.org' }).session.secure).toBe(true);
    expect(loadConfig({ APP_URL: 'https://gestor.example.org' }).port).toBe(443);
    expect(
      loadConfig({ APP_URL: 'https://gestor.example.org', SESSION_SECURE_COOKIE: 'false' }).session.secure,
    ).toBe(false);
    expect(loadConfig({ SESSION_SECURE_COOKIE: 'true' }).session.secure).toBe(true);
  });

  test('URLs lose their trailing slash; FRONTEND_URL defaults to APP_URL and joins the stateful domains', () => {
    const config = loadConfig({
      APP_URL: 'https://api.example.org/',
      FRONTEND_URL: 'https://panel.example.org/',
    });
    expect(config.appUrl).toBe('https://api.example.org');
    expect(config.frontendUrl).toBe('https://panel.example.org');
    expect(config.session.statefulDomains).toEqual(
      expect.arrayContaining(['api.example.org', 'panel.example.org']),
    );
  });

  test('SANCTUM_STATEFUL_DOMAINS replaces the default list', () => {
    expect(
      loadConfig({ SANCTUM_STATEFUL_DOMAINS: 'test.com, panel.test.com:8080 ,' }).session.statefulDomains,
    ).toEqual(['test.com', 'panel.test.com:8080']);
  });

  test.each([
    ['APP_URL', 'notaurl'],
    ['APP_URL', 'ftp://example.org'],
    ['FRONTEND_URL', 'panel.example.org'],
    ['APP_ENV', 'staging'],
    ['APP_KEY', 'corta'],
    ['SESSION_LIFETIME', 'abc'],
    ['SESSION_LIFETIME', '0'],
    ['SESSION_SECURE_COOKIE', 'quizá'],
    ['DB_CONNECTION', 'mysql'],
    ['DATABASE_URL', 'mysql://root@db/gestor'],
    ['PORT', '99999'],
    ['MAIL_MAILER', 'fax'],
    ['MAIL_PORT', 'veinticinco'],
    ['MAIL_FROM_ADDRESS', 'no-es-un-correo'],
    ['REGISTRATION_ENABLED', 'a veces'],
    ['UPLOAD_MAX_MB', '-1'],
    ['TRASH_RETENTION_DAYS', 'un mes'],
    ['TRASH_RETENTION_DAYS', '0'],
    ['INVITATION_LIFETIME_DAYS', 'una semana'],
    ['INVITATION_LIFETIME_DAYS', '0'],
    ['INVITATION_LIFETIME_DAYS', '400'],
    ['LOG_LEVEL', 'loud'],
    ['STORAGE_DRIVER', 'ftp'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_PUBLIC_URL', 'cdn.example.org'],
    ['S3_BUCKET', 'Mi_Bucket'],
    ['TRUST_PROXY', 'quizá'],
    ['TRUST_PROXY', '99'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1, proxy.example.org'],
  ])('%s=%s is refused with one line naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
    expect(message.length).toBeLessThan(200);
  });

  test('TRUST_PROXY: none by default; true is one hop, not every hop; a count; or the proxies (decision 039)', () => {
    expect(loadConfig({}).trustProxy).toEqual({ kind: 'hops', hops: 0 });
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual({ kind: 'hops', hops: 0 });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ kind: 'hops', hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ kind: 'hops', hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    const listed = loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, 2001:db8::/32' }).trustProxy;
    expect(listed.kind).toBe('ranges');
    expect(listed.kind === 'ranges' && listed.ranges.map(([address, bits]) => `${address}/${bits}`)).toEqual([
      '127.0.0.1/8',
      '::1/128',
      '10.0.0.0/8',
      '2001:db8::/32',
    ]);
  });

  test('INVITATION_LIFETIME_DAYS: 7 days unless set', () => {
    expect(loadConfig({}).invitationLifetimeDays).toBe(7);
    expect(loadConfig({ INVITATION_LIFETIME_DAYS: '14' }).invitationLifetimeDays).toBe(14);
  });

  test('STORAGE_DRIVER: local by default; s3 with its bucket, keys, region, endpoint and public URL', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local', s3: null });
    // S3 settings alone do not switch the driver.
    expect(loadConfig({ S3_BUCKET: 'gestor' }).storage.driver).toBe('local');
    const s3 = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'gestor',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(s3).storage).toEqual({
      driver: 's3',
      s3: {
        bucket: 'gestor',
        region: 'us-east-1',
        endpoint: undefined,
        accessKeyId: 'id',
        secretAccessKey: 'secret',
        publicUrl: undefined,
      },
    });
    expect(
      loadConfig({
        ...s3,
        S3_REGION: 'eu-west-3',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_PUBLIC_URL: 'https://cdn.example.org/gestor/',
      }).storage.s3,
    ).toMatchObject({
      region: 'eu-west-3',
      endpoint: 'http://minio:9000',
      publicUrl: 'https://cdn.example.org/gestor',
    });
  });

  test.each([
    'S3_BUCKET',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
  ])('STORAGE_DRIVER=s3 without %s is refused with one line naming it', (name) => {
    const env: Record<string, string> = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'gestor',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      [name]: '',
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Configuración no válida: ${name} [^\n]*s3$`));
  });

  test('STORAGE_DRIVER=s3 refuses an upload limit above what one PutObject carries', () => {
    const env = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'gestor',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 's',
    };
    expect(() => loadConfig({ ...env, UPLOAD_MAX_MB: '6000' })).toThrow(
      'Configuración no válida: UPLOAD_MAX_MB no puede superar 5120 cuando STORAGE_DRIVER=s3',
    );
    expect(loadConfig({ ...env, UPLOAD_MAX_MB: '5120' }).uploadMaxMb).toBe(5120);
  });

  test('the server refuses to start on bad configuration, printing one line', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const cwd = mkdtempSync(path.join(tmpdir(), 'gestor-config-'));
    try {
      const result = spawnSync(
        process.execPath,
        [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'apps/api/src/server.ts')],
        {
          cwd,
          // Run outside the repository so no .env is read; only the bad variable is set.
          env: { PATH: process.env.PATH, APP_ENV: 'test', APP_URL: 'notaurl' },
          encoding: 'utf8',
          timeout: 20_000,
        },
      );
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('APP_URL');
      expect(result.stdout).not.toContain('escuchando');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});

describe('public website templates (docs/public-api.md)', () => {
  test('need their placeholder and an http(s) address; unset, null; the preview lasts 60 minutes', () => {
    const config = loadConfig({ PUBLIC_NEWS_URL: 'https://www.example.org/noticias/{slug}' });
    expect(config.publicUrls).toEqual({
      news: 'https://www.example.org/noticias/{slug}',
      page: null,
      category: null,
      entity: null,
      space: null,
      event: null,
      preview: null,
    });
    expect(config.previewTtlMinutes).toBe(60);
    expect(() => loadConfig({ PUBLIC_PAGE_URL: 'https://www.example.org/paginas' })).toThrow(
      'Configuración no válida: PUBLIC_PAGE_URL debe contener {slug}',
    );
    expect(() => loadConfig({ PUBLIC_SPACE_URL: 'ftp://x/{slug}' })).toThrow(
      /PUBLIC_SPACE_URL debe ser una URL http\(s\)/,
    );
    expect(() => loadConfig({ PUBLIC_PREVIEW_URL: 'https://x/?slug={slug}' })).toThrow(
      'Configuración no válida: PUBLIC_PREVIEW_URL debe contener {token}',
    );
    expect(() => loadConfig({ PREVIEW_TTL_MINUTES: '0' })).toThrow(
      /PREVIEW_TTL_MINUTES debe estar entre 1 y 10080/,
    );
  });
});
