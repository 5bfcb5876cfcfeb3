import { z } from 'zod';
import { MAX_TRUSTED_HOPS, parseTrustProxy, type TrustProxy } from '../lib/client-address';
import type { MailSettings } from '../lib/mailer';
import type { StorageSettings } from '../lib/storage/storage';

// README.md#configuration: Laravel's names where Laravel has one. This is the only module
// that reads the environment; everything else receives a Config.

const bool = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''].includes(v), {
      error: `${name} debe ser true o false`,
    })
    .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** Whether a setting is a whole http(s) URL. */
function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const url = (name: string) =>
  z
    .string()
    .trim()
    .refine(isHttpUrl, { error: `${name} debe ser una URL http(s) completa, p. ej. http://localhost:8000` })
    .transform((v) => v.replace(/\/+$/, ''));

const int = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: `${name} debe ser un número entero` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `${name} debe estar entre ${min} y ${max}` });

/** A link template of the website (docs/public-api.md): an http(s) URL holding `placeholder`, e.g. `…/noticias/{slug}`. */
const template = (name: string, placeholder: '{slug}' | '{token}') =>
  z
    .string()
    .trim()
    .refine((v) => v.includes(placeholder), { error: `${name} debe contener ${placeholder}` })
    .refine((v) => isHttpUrl(v.replaceAll(placeholder, 'x')), {
      error: `${name} debe ser una URL http(s) completa, p. ej. https://www.example.org/noticias/${placeholder}`,
    });

const EnvSchema = z.object({
  APP_NAME: z.string().trim().min(1, { error: 'APP_NAME no puede estar vacío' }).default('Gestor'),
  APP_ENV: z
    .enum(['production', 'development', 'test'], { error: 'APP_ENV debe ser production, development o test' })
    .default('production'),
  APP_URL: url('APP_URL').default('http://localhost:8000'),
  APP_KEY: z
    .string()
    .trim()
    .refine((v) => decodeKey(v).length >= 32, {
      error:
        'APP_KEY debe tener al menos 32 bytes (p. ej. base64:… de 32 bytes); bórrela para generar una nueva',
    })
    .optional(),
  FRONTEND_URL: url('FRONTEND_URL').optional(),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: int('PORT', 0, 65535).optional(),
  STORAGE_PATH: z.string().trim().min(1).default('./storage'),
  DB_CONNECTION: z.enum(['pglite', 'pgsql'], { error: 'DB_CONNECTION debe ser pglite o pgsql' }).optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL debe empezar por postgres:// o postgresql://' })
    .optional(),
  SESSION_LIFETIME: int('SESSION_LIFETIME', 1, 525600).default(120),
  INVITATION_LIFETIME_DAYS: int('INVITATION_LIFETIME_DAYS', 1, 365).default(7),
  SESSION_SECURE_COOKIE: bool('SESSION_SECURE_COOKIE').optional(),
  SESSION_DOMAIN: z.string().trim().optional(),
  SANCTUM_STATEFUL_DOMAINS: z.string().trim().optional(),
  MAIL_MAILER: z.enum(['smtp', 'log'], { error: 'MAIL_MAILER debe ser smtp o log' }).default('log'),
  MAIL_HOST: z.string().trim().default('127.0.0.1'),
  MAIL_PORT: int('MAIL_PORT', 1, 65535).default(587),
  MAIL_USERNAME: z.string().optional(),
  MAIL_PASSWORD: z.string().optional(),
  MAIL_ENCRYPTION: z
    .enum(['tls', 'ssl', 'starttls', 'null', 'none', ''], {
      error: 'MAIL_ENCRYPTION debe ser tls, ssl o vacío',
    })
    .optional(),
  MAIL_FROM_ADDRESS: z
    .email({ error: 'MAIL_FROM_ADDRESS debe ser una dirección de correo' })
    .default('no-reply@localhost'),
  MAIL_FROM_NAME: z.string().trim().optional(),
  ADMIN_EMAIL: z
    .email({ error: 'ADMIN_EMAIL debe ser una dirección de correo' })
    .default('admin@example.com'),
  ADMIN_PASSWORD: z
    .string()
    .min(8, { error: 'ADMIN_PASSWORD debe tener al menos 8 caracteres' })
    .max(128, { error: 'ADMIN_PASSWORD no debe tener más de 128 caracteres' })
    .optional(),
  REGISTRATION_ENABLED: bool('REGISTRATION_ENABLED').default(false),
  UPLOAD_MAX_MB: int('UPLOAD_MAX_MB', 1, 10240).default(20),
  // Decision 026: days a deleted record stays in the trash before the server deletes it for good.
  TRASH_RETENTION_DAYS: int('TRASH_RETENTION_DAYS', 1, 36500).default(30),
  // Decision 041: CSV exports read at once per process; as many more may wait, then 429.
  EXPORT_CONCURRENCY: int('EXPORT_CONCURRENCY', 1, 16).default(2),
  // The answering page of tests (/t/{slug}): the websites that may embed it in an <iframe>, and the
  // organisation's colour on it.
  TESTS_EMBED_ORIGINS: z
    .string()
    .trim()
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .refine((list) => list.every((origin) => isHttpUrl(origin) && new URL(origin).origin === origin), {
      error:
        'TESTS_EMBED_ORIGINS debe ser una lista de orígenes separados por comas, p. ej. https://www.example.org,https://sede.example.org',
    })
    .optional(),
  BRAND_COLOR: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'BRAND_COLOR debe ser un color #rrggbb, p. ej. #4f46e5' })
    .default('#4f46e5'),
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'STORAGE_DRIVER debe ser local o s3' }).default('local'),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'S3_BUCKET debe ser un nombre de bucket: de 3 a 63 minúsculas, números, puntos o guiones',
    })
    .optional(),
  S3_REGION: z.string().trim().min(1, { error: 'S3_REGION no puede estar vacío' }).default('us-east-1'),
  S3_ENDPOINT: url('S3_ENDPOINT').optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_PUBLIC_URL: url('S3_PUBLIC_URL').optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL debe ser fatal, error, warn, info, debug, trace o silent',
    })
    .optional(),
  LOG_FORMAT: z
    .enum(['auto', 'pretty', 'json'], { error: 'LOG_FORMAT debe ser auto, pretty o json' })
    .default('auto'),
  TRUST_PROXY: z
    .string()
    .transform((value, context) => {
      const trust = parseTrustProxy(value);
      if (trust) return trust;
      context.addIssue({
        code: 'custom',
        message: `TRUST_PROXY debe ser false, true (un proxy), un número de saltos hasta ${MAX_TRUSTED_HOPS} o una lista de direcciones o rangos de los proxies (p. ej. 10.0.0.0/8, loopback)`,
      });
      return z.NEVER;
    })
    .default({ kind: 'hops', hops: 0 }),
  PUBLIC_API_RATE_LIMIT: int('PUBLIC_API_RATE_LIMIT', 1, 1_000_000).default(600),
  MAX_CONNECTIONS_PER_IP: int('MAX_CONNECTIONS_PER_IP', 0, 1_000_000).default(256),
  PUBLIC_NEWS_URL: template('PUBLIC_NEWS_URL', '{slug}').optional(),
  PUBLIC_PAGE_URL: template('PUBLIC_PAGE_URL', '{slug}').optional(),
  PUBLIC_CATEGORY_URL: template('PUBLIC_CATEGORY_URL', '{slug}').optional(),
  PUBLIC_ENTITY_URL: template('PUBLIC_ENTITY_URL', '{slug}').optional(),
  PUBLIC_SPACE_URL: template('PUBLIC_SPACE_URL', '{slug}').optional(),
  PUBLIC_EVENT_URL: template('PUBLIC_EVENT_URL', '{slug}').optional(),
  PUBLIC_PREVIEW_URL: template('PUBLIC_PREVIEW_URL', '{token}').optional(),
  PREVIEW_TTL_MINUTES: int('PREVIEW_TTL_MINUTES', 1, 10080).default(60),
  WEBHOOKS_ALLOW_PRIVATE: bool('WEBHOOKS_ALLOW_PRIVATE').default(false),
  // Issue 19: unset (or empty) keeps the history forever; else days, pruned by `audit:prune`.
  AUDIT_RETENTION_DAYS: z
    .string()
    .trim()
    .regex(/^(\d*)$/, {
      error: 'AUDIT_RETENTION_DAYS debe ser un número entero positivo de días, o vacío (sin límite)',
    })
    .transform((v) => (v === '' ? null : Number(v)))
    .refine((n) => n === null || (n >= 1 && n <= 36_500), {
      error: 'AUDIT_RETENTION_DAYS debe estar entre 1 y 36500 días, o vacío (sin límite)',
    })
    .optional(),
});

export function decodeKey(value: string): Buffer {
  return value.startsWith('base64:') ? Buffer.from(value.slice(7), 'base64') : Buffer.from(value, 'utf8');
}

export interface Config {
  appName: string;
  appEnv: 'production' | 'development' | 'test';
  appUrl: string;
  appKey: Buffer;
  frontendUrl: string;
  host: string;
  port: number;
  storagePath: string;
  database: { connection: 'pglite' } | { connection: 'pgsql'; url: string };
  session: {
    cookieName: string;
    lifetimeMinutes: number;
    secure: boolean;
    domain: string | undefined;
    statefulDomains: string[];
  };
  mail: MailSettings;
  admin: { email: string; password: string | undefined };
  registrationEnabled: boolean;
  /** Days an invitation link lasts (a reset link lasts 60 minutes: it answers a request just made). */
  invitationLifetimeDays: number;
  uploadMaxMb: number;
  /** Days in the trash before a record is deleted for good (decision 026). */
  trashRetentionDays: number;
  /** CSV exports read from the database at once in this process (decision 041). */
  exportConcurrency: number;
  /** TESTS_EMBED_ORIGINS: the origins whose pages may embed the answering page in an <iframe>. */
  testsEmbedOrigins: string[];
  /** BRAND_COLOR: the organisation's colour on the pages Gestor serves to the public (#rrggbb). */
  brandColor: string;
  /** Where uploaded files go (lib/storage): local disk under STORAGE_PATH/app/public, or an S3 bucket. */
  storage: StorageSettings;
  logLevel: string;
  /**
   * How the server's log is written: one JSON object a line (for a log collector), short lines for
   * a person (no request lines at info), or `auto`: short lines when stdout is a terminal.
   */
  logFormat: 'auto' | 'pretty' | 'json';
  /** TRUST_PROXY (decision 039): the proxies in front of the server, which lib/client-address.ts walks past. */
  trustProxy: TrustProxy;
  /** Requests per minute per client address on the public API (decision 022). */
  publicApiRateLimit: number;
  /**
   * Open connections at once per socket address (an IPv6 client by its /64), 0 for no bound; behind a
   * proxy (TRUST_PROXY) that address is the proxy's (decision 038).
   */
  maxConnectionsPerIp: number;
  /** The website's addresses (docs/public-api.md#paths): templates with `{slug}`, or null. */
  publicUrls: PublicUrlTemplates;
  /** How long a draft's preview link lasts. */
  previewTtlMinutes: number;
  /**
   * docs/webhooks.md#which-addresses-are-accepted: webhooks go to public addresses only, unless this allows loopback, private
   * and link-local ones too (tests, intranets).
   */
  webhooks: { allowPrivate: boolean };
  /** Days the history is kept (`npm run artisan -- audit:prune`); null keeps it forever. */
  auditRetentionDays: number | null;
}

export interface PublicUrlTemplates {
  news: string | null;
  page: string | null;
  category: string | null;
  entity: string | null;
  space: string | null;
  event: string | null;
  /** With `{token}` instead of `{slug}`. */
  preview: string | null;
}

export class ConfigError extends Error {}

/** Laravel's Str::slug with '_' as separator: "Mi Gestor" → "mi_gestor". */
export function slugUnderscore(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Validates the environment once; a bad value throws a ConfigError whose message is one line naming it. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'configuración');
    const message = issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
    throw new ConfigError(`Configuración no válida: ${message}`);
  }
  const e = parsed.data;
  const appUrl = new URL(e.APP_URL);
  const frontendUrl = e.FRONTEND_URL ?? e.APP_URL;
  const connection = e.DATABASE_URL ? 'pgsql' : (e.DB_CONNECTION ?? 'pglite');
  if (connection === 'pgsql' && !e.DATABASE_URL) {
    throw new ConfigError('Configuración no válida: DATABASE_URL es obligatorio cuando DB_CONNECTION=pgsql');
  }
  const S3_SINGLE_UPLOAD_MAX_MB = 5120;
  let storage: Config['storage'] = { driver: 'local', s3: null };
  if (e.STORAGE_DRIVER === 's3') {
    // Several servers share the files only through the bucket: without one of these nothing could be stored.
    const required = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    const missing = required.find((name) => !e[name]);
    if (missing) {
      throw new ConfigError(`Configuración no válida: ${missing} es obligatorio cuando STORAGE_DRIVER=s3`);
    }
    // One PutObject carries at most 5 GiB (the driver does not split uploads into parts).
    if (e.UPLOAD_MAX_MB > S3_SINGLE_UPLOAD_MAX_MB) {
      throw new ConfigError(
        `Configuración no válida: UPLOAD_MAX_MB no puede superar ${S3_SINGLE_UPLOAD_MAX_MB} cuando STORAGE_DRIVER=s3`,
      );
    }
    storage = {
      driver: 's3',
      s3: {
        bucket: e.S3_BUCKET!,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.S3_ACCESS_KEY_ID!,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
        publicUrl: e.S3_PUBLIC_URL,
      },
    };
  }
  const defaultPort = appUrl.port ? Number(appUrl.port) : appUrl.protocol === 'https:' ? 443 : 80;
  const hostWithPort = (u: string) => new URL(u).host;
  const stateful = e.SANCTUM_STATEFUL_DOMAINS
    ? e.SANCTUM_STATEFUL_DOMAINS.split(',')
        .map((d) => d.trim())
        .filter(Boolean)
    : [
        ...new Set([
          hostWithPort(e.APP_URL),
          hostWithPort(frontendUrl),
          'localhost',
          'localhost:*',
          '127.0.0.1',
          '127.0.0.1:*',
        ]),
      ];
  const encryption =
    e.MAIL_ENCRYPTION === 'ssl'
      ? 'ssl'
      : e.MAIL_ENCRYPTION === 'tls' || e.MAIL_ENCRYPTION === 'starttls'
        ? 'tls'
        : null;
  return {
    appName: e.APP_NAME,
    appEnv: e.APP_ENV,
    appUrl: e.APP_URL,
    appKey: e.APP_KEY ? decodeKey(e.APP_KEY) : Buffer.alloc(0),
    frontendUrl,
    host: e.HOST,
    port: e.PORT ?? defaultPort,
    storagePath: e.STORAGE_PATH,
    database: connection === 'pgsql' ? { connection, url: e.DATABASE_URL! } : { connection: 'pglite' },
    session: {
      cookieName: `${slugUnderscore(e.APP_NAME) || 'gestor'}_session`,
      lifetimeMinutes: e.SESSION_LIFETIME,
      secure: e.SESSION_SECURE_COOKIE ?? appUrl.protocol === 'https:',
      domain: e.SESSION_DOMAIN || undefined,
      statefulDomains: stateful,
    },
    mail: {
      mailer: e.MAIL_MAILER,
      host: e.MAIL_HOST,
      port: e.MAIL_PORT,
      username: e.MAIL_USERNAME,
      password: e.MAIL_PASSWORD,
      encryption,
      fromAddress: e.MAIL_FROM_ADDRESS,
      fromName: e.MAIL_FROM_NAME ?? e.APP_NAME,
    },
    admin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD },
    registrationEnabled: e.REGISTRATION_ENABLED,
    invitationLifetimeDays: e.INVITATION_LIFETIME_DAYS,
    uploadMaxMb: e.UPLOAD_MAX_MB,
    trashRetentionDays: e.TRASH_RETENTION_DAYS,
    exportConcurrency: e.EXPORT_CONCURRENCY,
    testsEmbedOrigins: e.TESTS_EMBED_ORIGINS ?? [],
    brandColor: e.BRAND_COLOR.toLowerCase(),
    storage,
    logLevel: e.LOG_LEVEL ?? (e.APP_ENV === 'test' ? 'silent' : 'info'),
    logFormat: e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY,
    publicApiRateLimit: e.PUBLIC_API_RATE_LIMIT,
    maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    publicUrls: {
      news: e.PUBLIC_NEWS_URL ?? null,
      page: e.PUBLIC_PAGE_URL ?? null,
      category: e.PUBLIC_CATEGORY_URL ?? null,
      entity: e.PUBLIC_ENTITY_URL ?? null,
      space: e.PUBLIC_SPACE_URL ?? null,
      event: e.PUBLIC_EVENT_URL ?? null,
      preview: e.PUBLIC_PREVIEW_URL ?? null,
    },
    previewTtlMinutes: e.PREVIEW_TTL_MINUTES,
    webhooks: { allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS ?? null,
  };
}
