import { randomBytes } from 'node:crypto';
import { PRESENCE_TTL_SECONDS, type PresenceState } from '@gestor/shared';
import type { Connection, Database } from '../../db/client';
import { lockHash } from '../resource/declared-fields';

// Who has a record's edit screen open, and who holds its edit lock (migration 0022, decision 027).
// Stored in the database so every server process shares it; expiry is read, never scheduled: a row
// unseen for PRESENCE_TTL_SECONDS is gone wherever it is read, and the next write on its record
// deletes it. Every write on one record's presence takes a lock named after the record, so
// "is the lock free? then take it" and take-overs never interleave. Changes are announced with
// NOTIFY gestor_live inside the write's transaction: sent when it commits, never when it rolls back.

/** One tab of one person on one record. */
export interface TabKey {
  area: string;
  id: number;
  userId: number;
  tab: string;
}

/** A stored presence, as read. */
export interface PresenceRow {
  user_id: number;
  user_name: string;
  tab_id: string;
  started_at: Date;
  holds_lock: boolean;
  locked_at: Date | null;
}

/**
 * What travels on the live channel (NOTIFY gestor_live); `n` tells one announcement from another,
 * `s` (added by announceLive) is the schema it comes from.
 */
export type LiveAnnouncement = { s?: string } & (
  | { t: 'presence'; n: string; area: string; id: number }
  | {
      t: 'saved';
      n: string;
      area: string;
      id: number;
      user: { id: number; name: string } | null;
      updated_at: string;
    }
);

const FRESH = `seen_at >= now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`;
const STALE = `seen_at < now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`;

export const nonce = () => randomBytes(9).toString('base64url');

/**
 * Announces on every process's live channel when the current transaction commits. NOTIFY reaches
 * every session of the database, whatever its schema: the announcement names its schema (`s`), so
 * installations (or test runs) sharing one database in schemas of their own never hear each other.
 */
export async function announceLive(tx: Connection, announcement: LiveAnnouncement): Promise<void> {
  await tx.query(`SELECT pg_notify($1, ($2::jsonb || jsonb_build_object('s', current_schema()))::text)`, [
    'gestor_live',
    JSON.stringify(announcement),
  ]);
}

/** The record's presence as one tab sees it (`viewer` null: as nobody in particular). */
export function presenceState(
  area: string,
  id: number,
  rows: PresenceRow[],
  viewer: { userId: number; tab: string } | null,
): PresenceState {
  const isViewer = (row: PresenceRow) =>
    viewer !== null && row.user_id === viewer.userId && row.tab_id === viewer.tab;
  const holder = rows.find((row) => row.holds_lock);
  return {
    area,
    id,
    mine: holder !== undefined && isViewer(holder),
    lock: holder
      ? {
          user: { id: holder.user_id, name: holder.user_name },
          since: (holder.locked_at ?? holder.started_at).toISOString(),
        }
      : null,
    editors: rows
      .filter((row) => !isViewer(row))
      .map((row) => ({
        user: { id: row.user_id, name: row.user_name },
        since: row.started_at.toISOString(),
        holds_lock: row.holds_lock,
        same_user: viewer !== null && row.user_id === viewer.userId,
      })),
  };
}

export function createPresenceStore(database: Database) {
  async function present(conn: Connection, area: string, id: number): Promise<PresenceRow[]> {
    return conn.query<PresenceRow>(
      `SELECT p.user_id, u.name AS user_name, p.tab_id, p.started_at, p.holds_lock, p.locked_at
         FROM edit_presence p JOIN users u ON u.id = p.user_id
        WHERE p.area = $1 AND p.record_id = $2 AND p.${FRESH}
        ORDER BY p.started_at, p.user_id, p.tab_id`,
      [area, id],
    );
  }

  /**
   * One record's presence changed under its lock: `change` says whether anything others see moved;
   * when it did, every process is told. Rows gone stale are deleted first (a change too).
   */
  async function onRecord(
    area: string,
    id: number,
    change: (tx: Connection) => Promise<boolean>,
  ): Promise<PresenceRow[]> {
    return database.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [
        lockHash('gestor:presence'),
        lockHash(`${area}:${id}`),
      ]);
      const expired = await tx.query(
        `DELETE FROM edit_presence WHERE area = $1 AND record_id = $2 AND ${STALE} RETURNING 1 AS gone`,
        [area, id],
      );
      const changed = await change(tx);
      if (changed || expired.length) await announceLive(tx, { t: 'presence', n: nonce(), area, id });
      return present(tx, area, id);
    });
  }

  /** Stores (or refreshes) this tab's presence; returns whether it is new. */
  async function arrive(tx: Connection, key: TabKey): Promise<boolean> {
    const [row] = await tx.query<{ inserted: boolean }>(
      `INSERT INTO edit_presence (area, record_id, user_id, tab_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (area, record_id, user_id, tab_id) DO UPDATE SET seen_at = now()
       RETURNING (xmax = 0) AS inserted`,
      [key.area, key.id, key.userId, key.tab],
    );
    return row?.inserted ?? false;
  }

  const mineCondition = 'area = $1 AND record_id = $2 AND user_id = $3 AND tab_id = $4';
  const params = (key: TabKey) => [key.area, key.id, key.userId, key.tab];

  return {
    present: (area: string, id: number) => present(database, area, id),

    /**
     * "I am editing this record" (also the heartbeat). A tab that may edit takes the lock when nobody
     * holds it; one that may not (any more) lets go of it.
     */
    announce(key: TabKey, mayEdit: boolean): Promise<PresenceRow[]> {
      return onRecord(key.area, key.id, async (tx) => {
        let changed = await arrive(tx, key);
        if (mayEdit) {
          const taken = await tx.query(
            `UPDATE edit_presence SET holds_lock = true, locked_at = now()
              WHERE ${mineCondition} AND NOT holds_lock
                AND NOT EXISTS (SELECT 1 FROM edit_presence h
                                 WHERE h.area = $1 AND h.record_id = $2 AND h.holds_lock)
              RETURNING 1 AS taken`,
            params(key),
          );
          changed ||= taken.length > 0;
        } else {
          const released = await tx.query(
            `UPDATE edit_presence SET holds_lock = false, locked_at = NULL
              WHERE ${mineCondition} AND holds_lock RETURNING 1 AS released`,
            params(key),
          );
          changed ||= released.length > 0;
        }
        return changed;
      });
    },

    /** "Tomar el control": this tab holds the lock from now on, whoever held it. */
    takeOver(key: TabKey): Promise<PresenceRow[]> {
      return onRecord(key.area, key.id, async (tx) => {
        await arrive(tx, key);
        await tx.query(
          `UPDATE edit_presence SET holds_lock = false, locked_at = NULL
            WHERE area = $1 AND record_id = $2 AND holds_lock
              AND NOT (user_id = $3 AND tab_id = $4)`,
          params(key),
        );
        await tx.query(
          `UPDATE edit_presence SET holds_lock = true, locked_at = now() WHERE ${mineCondition} AND NOT holds_lock`,
          params(key),
        );
        return true;
      });
    },

    /** The tab left the record (its lock, if held, is free at once). */
    leave(key: TabKey): Promise<PresenceRow[]> {
      return onRecord(key.area, key.id, async (tx) => {
        const gone = await tx.query(
          `DELETE FROM edit_presence WHERE ${mineCondition} RETURNING 1 AS gone`,
          params(key),
        );
        return gone.length > 0;
      });
    },

    /** Every record a tab has open now (to resend their presence after announcements were missed). */
    async openBy(userId: number, tab: string): Promise<Array<{ area: string; record_id: number }>> {
      return database.query(
        `SELECT area, record_id FROM edit_presence WHERE user_id = $1 AND tab_id = $2 AND ${FRESH}`,
        [userId, tab],
      );
    },
  };
}

export type PresenceStore = ReturnType<typeof createPresenceStore>;
