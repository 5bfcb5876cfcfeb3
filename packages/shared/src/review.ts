import { z } from 'zod';
import { optionalText, recordId } from './content';
import { updatedAtField } from './fields';
import { AREA_REGISTRY, type Area, type AreaEntry } from './permissions';
import { requiredText } from './validation';

// docs/review.md: a writer hands a finished draft to someone who reviews it. An area opts in through
// its registry entry's actions (`submit`, `review`); its status gains `review` between draft and
// published. Zod for the two transitions' bodies; the rest is read only.

/** The longest note a transition carries (a paragraph or two of comments). */
export const REVIEW_NOTE_MAX = 2000;

/** Whether an area's items go through review (its entry lists `submit` and `review`). */
export const isReviewed = (area: Area): boolean => {
  const actions = (AREA_REGISTRY[area] as AreaEntry).actions ?? [];
  return actions.includes('submit') && actions.includes('review');
};

/** `POST /api/<path>/{id}/submit`: an optional note and, optionally, the one person asked to review. */
export const ReviewSubmitInput = z.strictObject({
  note: optionalText('nota', { max: REVIEW_NOTE_MAX }).nullish(),
  reviewer_id: recordId('revisor').nullish(),
  updated_at: updatedAtField,
});
export type ReviewSubmitInput = z.infer<typeof ReviewSubmitInput>;

/** `POST /api/<path>/{id}/return`: back to draft, with the comments that say what to change. */
export const ReviewReturnInput = z.strictObject({
  note: requiredText('comentario', { max: REVIEW_NOTE_MAX }),
  updated_at: updatedAtField,
});
export type ReviewReturnInput = z.infer<typeof ReviewReturnInput>;

/** A person as a review names them; the id is null once that user is deleted. */
export interface ReviewPerson {
  id: number | null;
  name: string;
}

/** The review under way (the record's `review` field while its status is `review`). */
export interface ReviewState {
  submitted_by: ReviewPerson | null;
  submitted_at: string;
  /** The one person asked to review it; null: anyone who holds `<area>.review`. */
  reviewer: ReviewPerson | null;
  note: string | null;
}

/** A step of the review thread (`GET /api/<path>/{id}/review`), oldest first. */
export interface ReviewStep {
  /** The history entry that records it. */
  id: number;
  /**
   * Sent to review, returned with comments, approved (published or scheduled from review), or
   * withdrawn (an edit by the writer took it back to draft).
   */
  action: 'submitted' | 'returned' | 'approved' | 'withdrawn';
  user: ReviewPerson | null;
  note: string | null;
  /** Submitted: the one person asked to review it, by name; null otherwise. */
  reviewer: string | null;
  /** Approved: the status it was given (published or scheduled); null otherwise. */
  status: string | null;
  created_at: string;
  /** Whether the item as it was after this step can be read (versions: the diff since submission). */
  has_version: boolean;
}

export const REVIEW_STEP_LABELS: Record<ReviewStep['action'], string> = {
  submitted: 'Enviada a revisión',
  returned: 'Devuelta con comentarios',
  approved: 'Aprobada',
  withdrawn: 'Vuelta a borrador al cambiarla',
};

/**
 * The history's changes of a review's steps that are no field of the record — the note a step
 * carries, and the person it was sent to — by their Spanish names (the history and the activity log).
 */
export const REVIEW_CHANGE_LABELS: Readonly<Record<string, string>> = {
  note: 'Nota',
  reviewer: 'Revisor',
};

/** `GET /api/<path>/reviewers`: the people an item may be sent to (active, holding `<area>.review`). */
export interface Reviewer {
  id: number;
  name: string;
}
