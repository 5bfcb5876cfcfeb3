import type { AccessibilityFinding } from '@gestor/shared';
// What the rich text control's shell (rich-text-control.tsx) and its lazily loaded editor
// (rich-text-editor.tsx) pass each other. Types only: nothing here reaches either bundle.

/**
 * An image chosen for the body: the library item (the body stores its id; the API gives it the file's
 * current address when read), the address to show while editing, its text alternative and size.
 */
export interface PickedImage {
  id: number;
  url: string;
  /** '' for a decorative image. */
  alt: string;
  width?: number | null;
  height?: number | null;
}

/**
 * Moves the editor's focus and selection to the element an accessibility finding is about
 * (`at`: the n-th link, image, heading, table or paragraph) and scrolls it into view.
 */
export type RevealFinding = (at: AccessibilityFinding['at']) => void;

export interface RichTextEditorProps {
  /** The body as HTML ('' when empty). */
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  /** react-hook-form's `field.ref`: given something to focus when the field has an error. */
  focusRef: (target: { focus: () => void } | null) => void;
  /** The id of the field's visible label (the editable area is labelled by it). */
  labelId: string;
  /** The ids of the hint and the error message, when shown. */
  describedBy: string | undefined;
  invalid: boolean;
  /** False under the screen's read-only mode or `disabled`: no toolbar, nothing editable. */
  editable: boolean;
  /** Opens the media library; resolves with the chosen image, or null when cancelled. */
  onPickImage?: () => Promise<PickedImage | null>;
  /** Given the editor's `RevealFinding` once it is ready (null when it goes): the accessibility panel's «Ir al elemento». */
  revealRef?: (reveal: RevealFinding | null) => void;
}
