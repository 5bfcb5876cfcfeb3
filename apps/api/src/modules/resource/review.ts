import {
  AREA_REGISTRY,
  type Area,
  type AuditEntry,
  type AuthUser,
  capitalized,
  type Permission,
  ReviewReturnInput,
  type ReviewStep,
  ReviewSubmitInput,
  type WebhookEvent,
} from '@gestor/shared';
import type { FastifyInstance } from 'fastify';
import type { Connection, Database } from '../../db/client';
import { conflict, forbidden, notFound, ValidationError } from '../../lib/http-errors';
import { mailLayout } from '../../lib/mail-layout';
import type { Mailer } from '../../lib/mailer';
import { validate } from '../../lib/validate';
import type { HistoryRow } from './operations/history';
import type { AreaService, WriteContext } from './resource-definition';

// docs/review.md (decision 054): the two transitions of a review that are not an edit, sending to
// review and returning with comments, each its own route; the people a writer may choose; the thread
// of a record's review, read from its history; and the mails each step sends once its transaction
// has committed. Approval is publishing (publishing.ts), which tells the writer through `approved`.

/**
 * docs/review.md: who may act on an item in review as its reviewer: someone who reviews or publishes
 * the area, other than the person who sent it (the second pair of eyes is somebody else's).
 */
export function reviewsAsOther(actor: AuthUser, area: Area, submittedBy: number | null): boolean {
  const may = (permission: Permission) => actor.permissions.includes(permission);
  const reviewer = may(`${area}.review` as Permission) || may(`${area}.publish` as Permission);
  return reviewer && submittedBy !== actor.id;
}

/** What the review's mails need: where to send them from, and the addresses they link to. */
export interface ReviewDependencies {
  database: Database;
  mailer: Mailer;
  appName: string;
  /** The SPA's address (FRONTEND_URL): each mail links to the item's editor. */
  frontendUrl: string;
  log: { error(obj: object, msg: string): void };
}

/** An item a review's mail is about: its area, id and title (the link opens its editor by id). */
export interface ReviewedItem {
  area: Area;
  id: number;
  title: string;
}

/** The mails of a review, each sent after its transaction committed (never for one rolled back). */
export interface ReviewNotices {
  submitted(
    item: ReviewedItem,
    sent: { writerId: number; reviewerId: number | null; note: string | null },
  ): Promise<void>;
  returned(item: ReviewedItem, back: { writerId: number; reviewer: string; note: string }): Promise<void>;
  approved(
    item: ReviewedItem,
    approval: { writerId: number; status: string; publishedAt: string | null },
  ): Promise<void>;
}

interface Person {
  name: string;
  email: string;
}

/** Active people holding a permission, by id (none: everyone who holds it). */
const HOLDERS_SQL = `SELECT u.id, u.name, u.email FROM users u
  WHERE u.active AND u.deleted_at IS NULL
    AND EXISTS (SELECT 1 FROM role_user ru JOIN role_permissions rp ON rp.role_id = ru.role_id
                WHERE ru.user_id = u.id AND rp.permission = $1)`;

const article = (area: Area) => (AREA_REGISTRY[area].noun.gender === 'feminine' ? 'la' : 'el');
const pronoun = (area: Area) => (AREA_REGISTRY[area].noun.gender === 'feminine' ? 'la' : 'lo');
const agreeing = (area: Area, stem: string) =>
  `${stem}${AREA_REGISTRY[area].noun.gender === 'feminine' ? 'a' : 'o'}`;

export function reviewNotices(deps: ReviewDependencies): ReviewNotices {
  const { database, mailer, appName, frontendUrl } = deps;
  // By id, which every editor route takes (a news item's slug may change with its title).
  const linkTo = ({ area, id }: ReviewedItem) => `${frontendUrl}/${area}/${id}`;

  async function person(id: number): Promise<Person | null> {
    const [row] = await database.query<Person>(
      'SELECT name, email FROM users WHERE id = $1 AND active AND deleted_at IS NULL',
      [id],
    );
    return row ?? null;
  }

  async function send(to: Person[], subject: string, paragraphs: string[], link: string, button: string) {
    for (const recipient of to) {
      const body = mailLayout(appName, [`Hola, ${recipient.name}:`, ...paragraphs], link, button, []);
      await mailer
        .send({ to: recipient.email, subject: `${appName}: ${subject}`, ...body })
        .catch((error: unknown) => deps.log.error({ err: error }, 'No se pudo enviar un aviso de revisión'));
    }
  }

  return {
    async submitted(item, { writerId, reviewerId, note }) {
      const { area, title } = item;
      const writer = (await person(writerId))?.name ?? 'Alguien';
      const reviewers =
        reviewerId === null
          ? (await database.query<Person & { id: number }>(HOLDERS_SQL, [`${area}.review`])).filter(
              (holder) => holder.id !== writerId,
            )
          : [await person(reviewerId)].filter((one): one is Person => one !== null);
      const { noun } = AREA_REGISTRY[area];
      await send(
        reviewers,
        `${capitalized(noun.one)} para revisar: «${title}»`,
        [
          `${writer} ha enviado a revisión ${article(area)} ${noun.one} «${title}»${reviewerId === null ? '' : ` y le pide que ${pronoun(area)} revise usted`}.`,
          ...(note ? [`Su nota: «${note}»`] : []),
          `Puede corregir${pronoun(area)}, publicar${pronoun(area)} o devolver${pronoun(area)} con comentarios.`,
        ],
        linkTo(item),
        `Revisar ${article(area)} ${noun.one}`,
      );
    },

    async returned(item, { writerId, reviewer, note }) {
      const writer = await person(writerId);
      if (!writer) return;
      const { area, title } = item;
      const { noun } = AREA_REGISTRY[area];
      await send(
        [writer],
        `${capitalized(noun.one)} ${agreeing(area, 'devuelt')} con comentarios: «${title}»`,
        [
          `${reviewer} ha devuelto a borrador ${article(area)} ${noun.one} «${title}» con estos comentarios:`,
          `«${note}»`,
          `Cuando esté ${agreeing(area, 'list')}, vuelva a enviar${pronoun(area)} a revisión.`,
        ],
        linkTo(item),
        `Abrir ${article(area)} ${noun.one}`,
      );
    },

    async approved(item, { writerId, status, publishedAt }) {
      const writer = await person(writerId);
      if (!writer) return;
      const { area, title } = item;
      const { noun } = AREA_REGISTRY[area];
      const when =
        status === 'scheduled' && publishedAt
          ? ` y se publicará el ${new Date(publishedAt).toLocaleString('es-ES', { timeZone: 'Europe/Madrid', dateStyle: 'long', timeStyle: 'short' })}`
          : ` y ya está ${agreeing(area, 'publicad')}`;
      await send(
        [writer],
        `${capitalized(noun.one)} ${agreeing(area, 'aprobad')}: «${title}»`,
        [`Se ha aprobado ${article(area)} ${noun.one} «${title}» que envió a revisión${when}.`],
        linkTo(item),
        `Abrir ${article(area)} ${noun.one}`,
      );
    },
  };
}

/**
 * Where a transition is told to the website's webhooks: the application's outbox (webhooks/), given
 * by the caller so this folder does not import that one (it imports this one).
 */
export interface ReviewWebhooks {
  outbox: {
    enqueue(
      tx: Connection,
      type: WebhookEvent,
      data: { area: Area; id: number; slug: string | null },
    ): Promise<number[]>;
  };
  wake(): void;
}

interface ReviewRow {
  id: number;
  title: string;
  status: string;
  updated_at: Date;
  review_submitted_by: number | null;
}

/** The review's routes of one reviewed area (docs/review.md#endpoints). */
export function reviewRoutes(
  app: FastifyInstance,
  service: AreaService<{ id: number; updated_at: string }, unknown, unknown>,
  options: { notices: ReviewNotices | null; webhooks?: ReviewWebhooks },
) {
  const { contract, table } = service.definition;
  const area = contract.area;
  const { path, noun } = AREA_REGISTRY[area];
  const one = `${article(area)} ${noun.one}`;
  const base = `/api/${path}`;
  const permission = (action: 'submit' | 'review' | 'view') => `${area}.${action}` as Permission;

  /** The row locked for the transition, and the 409 of an edit that did not start from it. */
  async function locked(tx: Connection, id: number, updatedAt: string): Promise<ReviewRow> {
    const [row] = await tx.query<ReviewRow>(
      `SELECT id, ${service.definition.titleColumn ?? 'title'}::text AS title, status, updated_at, review_submitted_by FROM ${table}
        WHERE id = $1 AND deleted_at IS NULL FOR NO KEY UPDATE`,
      [id],
    );
    if (!row) throw notFound();
    if (new Date(updatedAt).getTime() !== row.updated_at.getTime()) throw conflict();
    return row;
  }

  async function tell(ctx: WriteContext, id: number, step: 'submitted' | 'returned') {
    if (!options.webhooks) return;
    const [row] = await ctx.tx.query<{ slug: string | null }>(`SELECT slug FROM ${table} WHERE id = $1`, [
      id,
    ]);
    const queued = await options.webhooks.outbox.enqueue(ctx.tx, `${area}.${step}` as WebhookEvent, {
      area,
      id,
      slug: row?.slug ?? null,
    });
    if (queued.length) ctx.afterCommit(async () => options.webhooks?.wake());
  }

  app.get(`${base}/reviewers`, { config: { permission: permission('submit') } }, async (request) => {
    const actor = request.authUser();
    const rows = await service.database.query<{ id: number; name: string }>(
      `SELECT id, name FROM (${HOLDERS_SQL}) AS holders WHERE id <> $2 ORDER BY name, id`,
      [permission('review'), actor.id],
    );
    return { data: rows.map(({ id, name }) => ({ id, name })) };
  });

  app.post<{ Params: { id: string } }>(
    `${base}/:id/submit`,
    { config: { permission: permission('submit') } },
    async (request) => {
      const id = service.parseId(request.params.id);
      const input = validate(ReviewSubmitInput, request.body);
      const actor = request.authUser();
      const note = input.note ?? null;
      const reviewerId = input.reviewer_id ?? null;
      await service.write(actor, async (ctx) => {
        const row = await locked(ctx.tx, id, input.updated_at);
        if (row.status === 'review') {
          throw new ValidationError({ status: [`${capitalized(one)} ya está en revisión.`] }, 409);
        }
        if (row.status !== 'draft') {
          throw new ValidationError(
            {
              status: [
                `Solo se envía a revisión un borrador: ${one} ya está ${agreeing(area, 'publicad')} o ${agreeing(area, 'programad')}.`,
              ],
            },
            409,
          );
        }
        let reviewerName: string | null = null;
        if (reviewerId !== null) {
          const [reviewer] = await ctx.tx.query<{ name: string }>(
            `SELECT name FROM (${HOLDERS_SQL}) AS holders WHERE id = $2 AND id <> $3`,
            [permission('review'), reviewerId, actor.id],
          );
          if (!reviewer) {
            throw ValidationError.field(
              'reviewer_id',
              `Elija a una persona que pueda revisar ${noun.many} (y que no sea usted).`,
            );
          }
          reviewerName = reviewer.name;
        }
        await ctx.tx.query(
          `UPDATE ${table} SET status = 'review', review_submitted_by = $2, review_submitted_by_name = $3,
                  review_submitted_at = now(), review_reviewer_id = $4, review_note = $5, updated_at = now()
            WHERE id = $1`,
          [id, actor.id, actor.name, reviewerId, note],
        );
        const changes: AuditEntry['changes'] = { status: { from: 'draft', to: 'review' } };
        if (note) changes.note = { from: null, to: note };
        if (reviewerName) changes.reviewer = { from: null, to: reviewerName };
        await service.audit(ctx.tx, actor, id, 'submitted', changes);
        await tell(ctx, id, 'submitted');
        const notices = options.notices;
        if (notices) {
          const item = { area, id, title: row.title };
          ctx.afterCommit(() => notices.submitted(item, { writerId: actor.id, reviewerId, note }));
        }
      });
      return { data: await service.show(id) };
    },
  );

  app.post<{ Params: { id: string } }>(
    `${base}/:id/return`,
    { config: { permission: permission('review') } },
    async (request) => {
      const id = service.parseId(request.params.id);
      const input = validate(ReviewReturnInput, request.body);
      const actor = request.authUser();
      await service.write(actor, async (ctx) => {
        const row = await locked(ctx.tx, id, input.updated_at);
        if (row.status !== 'review') {
          throw new ValidationError(
            {
              status: [
                `${capitalized(one)} ya no está en revisión: otra persona ${pronoun(area)} ha devuelto o ${pronoun(area)} ha publicado.`,
              ],
            },
            409,
          );
        }
        if (!reviewsAsOther(actor, area, row.review_submitted_by)) {
          throw forbidden(
            `No puede devolver ${noun.gender === 'feminine' ? 'una' : 'un'} ${noun.one} que ha enviado usted a revisión.`,
          );
        }
        await ctx.tx.query(`UPDATE ${table} SET status = 'draft', updated_at = now() WHERE id = $1`, [id]);
        await service.audit(ctx.tx, actor, id, 'returned', {
          status: { from: 'review', to: 'draft' },
          note: { from: null, to: input.note },
        });
        await tell(ctx, id, 'returned');
        const notices = options.notices;
        const writer = row.review_submitted_by;
        if (notices && writer !== null) {
          const item = { area, id, title: row.title };
          ctx.afterCommit(() =>
            notices.returned(item, { writerId: writer, reviewer: actor.name, note: input.note }),
          );
        }
      });
      return { data: await service.show(id) };
    },
  );

  app.get<{ Params: { id: string } }>(
    `${base}/:id/review`,
    { config: { permission: permission('view') } },
    async (request) => {
      const id = await service.resolveKey(request.params.id);
      await service.show(id);
      const rows = await service.database.query<Omit<HistoryRow, 'reverted_from'>>(
        `SELECT id, action, user_id, user_name, changes, created_at, version IS NOT NULL AS has_version
           FROM audits
          WHERE resource = $1 AND record_id = $2
            AND (action IN ('submitted', 'returned') OR (action = 'updated' AND changes->'status'->>'from' = 'review'))
          ORDER BY id`,
        [contract.path, id],
      );
      const steps: ReviewStep[] = rows.map((row) => {
        const to = row.changes.status?.to as string | undefined;
        const action: ReviewStep['action'] =
          row.action === 'submitted' || row.action === 'returned'
            ? row.action
            : to === 'draft'
              ? 'withdrawn'
              : 'approved';
        return {
          id: Number(row.id),
          action,
          user: row.user_name === null ? null : { id: row.user_id, name: row.user_name },
          note: (row.changes.note?.to as string | undefined) ?? null,
          reviewer: (row.changes.reviewer?.to as string | undefined) ?? null,
          status: action === 'approved' ? (to ?? null) : null,
          created_at: row.created_at.toISOString(),
          has_version: row.has_version,
        };
      });
      return { data: steps };
    },
  );
}

/** A reviewed record's `review` (docs/review.md): read from its review columns while it is in review. */
export const reviewStateSql = (alias = 't') => `(CASE WHEN ${alias}.status = 'review' THEN json_build_object(
    'submitted_by', CASE WHEN ${alias}.review_submitted_by_name IS NULL THEN NULL
      ELSE json_build_object('id', ${alias}.review_submitted_by, 'name', ${alias}.review_submitted_by_name) END,
    'submitted_at', to_char(${alias}.review_submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'reviewer', (SELECT json_build_object('id', u.id, 'name', u.name) FROM users u WHERE u.id = ${alias}.review_reviewer_id),
    'note', ${alias}.review_note) END)`;
