import {
  type Area,
  type AuthUser,
  type DefaultViewInput,
  type Permission,
  type ResourceContract,
  SAVED_VIEW_MESSAGES,
  SAVED_VIEWS_PER_LIST_MAX,
  type SavedView,
  type SavedViewInput,
  type SavedViewList,
  type SavedViewPatch,
  type SavedViewState,
  savedViewStateFor,
} from '@gestor/shared';
import { z } from 'zod';
import type { Connection, Database } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { forbidden, HttpError, notFound, ValidationError } from '../../lib/http-errors';
import { validate } from '../../lib/validate';

// Issue 20 "Saved views" (decision 032). Who may do what:
// - every request needs `<area>.view` of the list the view belongs to;
// - a view is visible to its owner, and when shared to everyone with that permission (an owner in the
//   trash shares nothing); anything else is a 404, so a private view's existence never leaks;
// - only the owner renames, shares, unshares, changes or deletes it (403 for the others who see it);
// - the stored state holds only the list's own filters (with values the list accepts) and sort keys.

interface ViewRow {
  id: number;
  area: string;
  name: string;
  shared: boolean;
  state: SavedViewState;
  user_id: number;
  owner_name: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const SELECT_VIEWS = /* sql */ `
  SELECT v.id, v.area, v.name, v.shared, v.state, v.user_id, u.name AS owner_name, v.created_at, v.updated_at
  FROM saved_views v JOIN users u ON u.id = v.user_id`;
/** What `$2` (the person asking) may see: theirs, and what live owners share. */
const VISIBLE_TO = '(v.user_id = $2 OR (v.shared AND u.deleted_at IS NULL))';

const iso = (value: Date | string) => new Date(value).toISOString();

function toView(row: ViewRow, userId: number): SavedView {
  return {
    id: row.id,
    area: row.area,
    name: row.name,
    shared: row.shared,
    state: row.state,
    owner: { id: row.user_id, name: row.owner_name },
    mine: row.user_id === userId,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function createSavedViewsService({
  database,
  contracts,
}: {
  database: Database;
  /** The lists there are: each area's contract (its filters and sort keys). */
  contracts: readonly ResourceContract[];
}) {
  const byArea = new Map(contracts.map((contract) => [contract.area as string, contract]));

  /** The list's contract, once the person may view it. */
  function listOf(user: AuthUser, area: string): ResourceContract {
    const contract = byArea.get(area);
    if (!contract) throw ValidationError.field('area', SAVED_VIEW_MESSAGES.unknownList);
    if (!user.permissions.includes(`${area as Area}.view` as Permission)) throw forbidden();
    return contract;
  }

  /** The state checked against the list; errors named as the body's fields (`state.filters.x`). */
  function checkedState(contract: ResourceContract, state: unknown): SavedViewState {
    return validate(z.object({ state: savedViewStateFor(contract) }), { state }).state;
  }

  /** A view the person may see, with its list; 404 otherwise (someone else's private view included). */
  async function visible(user: AuthUser, id: number, tx: Connection = database): Promise<ViewRow> {
    const [row] = await tx.query<ViewRow>(`${SELECT_VIEWS} WHERE v.id = $1 AND ${VISIBLE_TO}`, [id, user.id]);
    if (!row || !user.permissions.includes(`${row.area as Area}.view` as Permission)) throw notFound();
    return row;
  }

  async function owned(user: AuthUser, id: number, tx: Connection = database): Promise<ViewRow> {
    const row = await visible(user, id, tx);
    if (row.user_id !== user.id) throw forbidden(SAVED_VIEW_MESSAGES.ownerOnly);
    return row;
  }

  /** Runs a write; a name already used by the owner in that list is a 422 on `name`. */
  async function writing<T>(write: (tx: Connection) => Promise<T>): Promise<T> {
    try {
      return await database.transaction(write);
    } catch (error) {
      if (isUniqueViolation(error)) throw ValidationError.field('name', SAVED_VIEW_MESSAGES.nameTaken);
      throw error;
    }
  }

  return {
    async list(user: AuthUser, area: string): Promise<SavedViewList> {
      listOf(user, area);
      const rows = await database.query<ViewRow>(
        `${SELECT_VIEWS} WHERE v.area = $1 AND ${VISIBLE_TO}
         ORDER BY (v.user_id = $2) DESC, lower(v.name), v.id`,
        [area, user.id],
      );
      const [chosen] = await database.query<{ view_id: number }>(
        'SELECT view_id FROM saved_view_defaults WHERE user_id = $1 AND area = $2',
        [user.id, area],
      );
      // A default that is no longer visible (unshared since) opens nothing.
      const defaultId = rows.some((row) => row.id === chosen?.view_id) ? (chosen?.view_id ?? null) : null;
      return { data: rows.map((row) => toView(row, user.id)), meta: { default_view_id: defaultId } };
    },

    async create(user: AuthUser, input: SavedViewInput): Promise<SavedView> {
      const contract = listOf(user, input.area);
      const state = checkedState(contract, input.state);
      const id = await writing(async (tx) => {
        // One person's views of a list are counted under a lock on that person, so two saves at once
        // cannot both pass the cap.
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [user.id]);
        const [count] = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM saved_views WHERE user_id = $1 AND area = $2',
          [user.id, input.area],
        );
        if ((count?.n ?? 0) >= SAVED_VIEWS_PER_LIST_MAX)
          throw ValidationError.field('name', SAVED_VIEW_MESSAGES.tooMany);
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO saved_views (user_id, area, name, shared, state) VALUES ($1, $2, $3, $4, $5::jsonb)
           RETURNING id`,
          [user.id, input.area, input.name, input.shared ?? false, JSON.stringify(state)],
        );
        return row?.id ?? 0;
      });
      return toView(await visible(user, id), user.id);
    },

    async update(user: AuthUser, id: number, patch: SavedViewPatch): Promise<SavedView> {
      const current = await owned(user, id);
      const state =
        patch.state === undefined ? undefined : checkedState(listOf(user, current.area), patch.state);
      await writing((tx) =>
        tx.query(
          `UPDATE saved_views SET name = coalesce($2, name), shared = coalesce($3, shared),
             state = coalesce($4::jsonb, state), updated_at = now()
           WHERE id = $1`,
          [id, patch.name ?? null, patch.shared ?? null, state === undefined ? null : JSON.stringify(state)],
        ),
      );
      return toView(await visible(user, id), user.id);
    },

    async remove(user: AuthUser, id: number): Promise<void> {
      await owned(user, id);
      await database.query('DELETE FROM saved_views WHERE id = $1', [id]);
    },

    /** The person's default view of a list (any view they see), or none. */
    async setDefault(user: AuthUser, input: DefaultViewInput): Promise<{ default_view_id: number | null }> {
      listOf(user, input.area);
      if (input.view_id === null) {
        await database.query('DELETE FROM saved_view_defaults WHERE user_id = $1 AND area = $2', [
          user.id,
          input.area,
        ]);
        return { default_view_id: null };
      }
      const view = await visible(user, input.view_id).catch((error: unknown) => {
        // Which view is meant is part of the body: a 422 on the field, not a 404 of the route.
        if (error instanceof HttpError && error.statusCode === 404) {
          throw ValidationError.field('view_id', 'La vista no existe.');
        }
        throw error;
      });
      if (view.area !== input.area) throw ValidationError.field('view_id', 'La vista es de otra lista.');
      await database
        .query(
          `INSERT INTO saved_view_defaults (user_id, area, view_id) VALUES ($1, $2, $3)
           ON CONFLICT (user_id, area) DO UPDATE SET view_id = excluded.view_id`,
          [user.id, input.area, input.view_id],
        )
        .catch((error: unknown) => {
          // Deleted by its owner a moment ago.
          if (isForeignKeyViolation(error)) throw ValidationError.field('view_id', 'La vista no existe.');
          throw error;
        });
      return { default_view_id: input.view_id };
    },
  };
}

export type SavedViewsService = ReturnType<typeof createSavedViewsService>;
