import { PRESENCE_HEARTBEAT_MS, type PresenceState, type ResourceContract } from '@gestor/shared';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api-client';
import { subscribeLive, TAB_ID } from './live-channel';

// "Quién está editando" on an edit screen (issue 19, decision 027): this tab says it has the record
// open when it opens, on every heartbeat and after every reconnection of the live channel; it hears
// who else is there and who holds the edit lock, and whether someone saved the record meanwhile.
// The first editor holds the lock; a tab without it shows the form read-only until it takes over.
// Locks never block a save: the 409 on updated_at stays the final guard.

/** Someone saved the record after the version on this screen (user null: seen on a heartbeat). */
export interface SavedElsewhere {
  user: { id: number; name: string } | null;
  updated_at: string;
}

export interface Presence {
  /** Who is there and who holds the lock, as the server last said; null before its first answer. */
  state: PresenceState | null;
  /** This tab may edit but someone else holds the lock: the form is read-only. */
  locked: boolean;
  /** Whether the person may take the lock ("Tomar el control"). */
  mayEdit: boolean;
  /** Who took the lock from this tab, until it takes it back (its unsaved changes are kept). */
  takenBy: string | null;
  /** A newer version saved by someone else, until the screen shows it. */
  savedElsewhere: SavedElsewhere | null;
  takeOver(): Promise<void>;
  /** The screen now shows the latest version. */
  reloaded(): void;
}

const newer = (a: string, b: string | undefined) => !b || new Date(a).getTime() > new Date(b).getTime();

export function usePresence(
  contract: ResourceContract,
  recordId: number | undefined,
  {
    mayEdit,
    claim = true,
    version,
  }: {
    /** May change this record (its update permission, and a record the person may manage). */
    mayEdit: boolean;
    /**
     * Takes the lock when it is free (default). False: the tab may edit but waits for someone else
     * (docs/review.md: the writer of an item she sent to review, until she changes something); it
     * still turns read-only while another holds the lock.
     */
    claim?: boolean;
    /** The updated_at of the version on screen (and of this tab's own saves). */
    version: RefObject<string | undefined>;
  },
): Presence {
  const [state, setState] = useState<PresenceState | null>(null);
  const [takenBy, setTakenBy] = useState<string | null>(null);
  const [savedElsewhere, setSavedElsewhere] = useState<SavedElsewhere | null>(null);
  const held = useRef(false);
  const inFlight = useRef(false);
  const base = recordId === undefined ? null : `/api/${contract.path}/${recordId}/presence`;

  const show = useCallback((next: PresenceState) => {
    if (held.current && !next.mine && next.lock) setTakenBy(next.lock.user.name);
    if (next.mine) setTakenBy(null);
    held.current = next.mine;
    setState(next);
  }, []);

  const noticeSave = useCallback(
    (saved: SavedElsewhere) => {
      // This tab's own save already moved the version on screen to this one (or a later one).
      if (newer(saved.updated_at, version.current)) setSavedElsewhere(saved);
    },
    [version],
  );

  const announce = useCallback(async () => {
    if (!base || inFlight.current) return;
    inFlight.current = true;
    try {
      const answer = await api.post<PresenceState & { updated_at: string }>(base, {
        tab: TAB_ID,
        editing: mayEdit && claim,
      });
      const { updated_at, ...next } = answer;
      show(next);
      // A save whose announcement this tab missed (the live channel was down): seen here.
      if (newer(updated_at, version.current))
        setSavedElsewhere((current) =>
          current?.updated_at === updated_at ? current : { user: null, updated_at },
        );
    } catch {
      // Offline or refused: the next heartbeat tries again; a 401/403 has signed the person out.
    } finally {
      inFlight.current = false;
    }
  }, [base, mayEdit, claim, show, version]);

  useEffect(() => {
    if (!base || recordId === undefined) return;
    const unsubscribe = subscribeLive({
      open: () => void announce(),
      presence: (next) => {
        if (next.area !== contract.path || next.id !== recordId) return;
        show(next);
        // The lock is free: whoever may edit asks for it (the server gives it to one).
        if (!next.lock && mayEdit && claim) void announce();
      },
      saved: (event) => {
        if (event.area === contract.path && event.id === recordId)
          noticeSave({ user: event.user, updated_at: event.updated_at });
      },
    });
    void announce();
    const heartbeat = setInterval(() => void announce(), PRESENCE_HEARTBEAT_MS);
    const leave = (keepalive: boolean) =>
      api.delete(base, undefined, { params: { tab: TAB_ID }, keepalive }).catch(() => {});
    // Closing the tab or leaving the site: the lock is free at once rather than in two minutes.
    const onPageHide = () => void leave(true);
    // Back from the back/forward cache: here again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void announce();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      unsubscribe();
      clearInterval(heartbeat);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      void leave(false);
    };
  }, [base, recordId, contract.path, mayEdit, claim, announce, show, noticeSave]);

  const takeOver = useCallback(async () => {
    if (!base) return;
    const answer = await api.post<PresenceState & { updated_at: string }>(`${base}/take-over`, {
      tab: TAB_ID,
    });
    const { updated_at: _version, ...next } = answer;
    show(next);
  }, [base, show]);

  return {
    state,
    // A tab that does not claim the lock is locked out only by someone holding it.
    locked: mayEdit && state !== null && !state.mine && (claim || state.lock !== null),
    mayEdit,
    takenBy,
    savedElsewhere:
      savedElsewhere && newer(savedElsewhere.updated_at, version.current) ? savedElsewhere : null,
    takeOver,
    reloaded: () => setSavedElsewhere(null),
  };
}
