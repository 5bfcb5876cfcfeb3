import {
  type AccessibilityCheckOptions,
  type AccessibilityFinding,
  checkAccessibility,
  FINDING_ELEMENTS,
  type FieldTable,
  type FindingElementKind,
} from '@gestor/shared';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useLinkedDocuments } from './linked-documents';

// docs/accessibility.md: the check the API runs on a body that is published or scheduled
// (@gestor/shared's checkAccessibility), run in the form as the person writes, so the errors that
// would refuse publishing show before «Publicar ahora». No TipTap here: the publishing panel reads
// it too, and it works on the form's value while the editor's chunk is still loading. A link to a
// document of the library carries the document's issues as warnings, as on the server
// (linked-documents.ts asks the library about the documents the body names).

/** Quiet time after the last change before the body is checked again (not on every keystroke). */
export const ACCESSIBILITY_CHECK_DELAY_MS = 400;

const checked = (
  value: unknown,
  documentOf?: AccessibilityCheckOptions['documentOf'],
): AccessibilityFinding[] =>
  typeof value === 'string' && value ? checkAccessibility(value, { documentOf }) : [];

/** The same findings, in the same order: nothing to draw or announce again. */
export function sameFindings(
  a: readonly AccessibilityFinding[],
  b: readonly AccessibilityFinding[],
): boolean {
  return a.length === b.length && JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The findings of the form's rich text field `name` (the editor's HTML as it reports it), checked
 * when the form opens and again 400 ms after the person stops typing, or at once when the form is
 * reset (a save, a recovered draft) or the library answers about the documents its links name.
 * Re-renders only when the findings change. No name: none.
 */
export function useAccessibilityFindings(name: string | undefined): readonly AccessibilityFinding[] {
  const { getValues, watch } = useFormContext();
  const { documentOf, ask } = useLinkedDocuments();
  const [findings, setFindings] = useState(() => (name ? checked(getValues(name), documentOf) : []));

  useEffect(() => {
    if (!name) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      const value: unknown = getValues(name);
      // Only the documents not asked about yet: a keystroke elsewhere sends nothing.
      if (typeof value === 'string') ask(value);
      const next = checked(value, documentOf);
      setFindings((previous) => (sameFindings(previous, next) ? previous : next));
    };
    const subscription = watch((_values, { name: changed, type }) => {
      if (changed !== undefined && changed !== name) return;
      clearTimeout(timer);
      // A change the person types waits for a pause; a reset or a value set by code is checked now.
      if (type === 'change') timer = setTimeout(update, ACCESSIBILITY_CHECK_DELAY_MS);
      else update();
    });
    // Whatever changed between the first render and this subscription, or since the library's
    // last answer (a new `documentOf`: the links to its documents are checked again now).
    update();
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer);
    };
  }, [getValues, name, watch, documentOf, ask]);

  return findings;
}

/** The form's rich text field (a body), the one the API checks: the first `richText` field of its table. */
export function richTextFieldOf(fields: FieldTable): string | undefined {
  return Object.entries(fields).find(([, def]) => 'richText' in def && def.richText)?.[0];
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** «2 errores y 1 aviso», or '' when there is nothing. */
export function findingCounts(findings: readonly AccessibilityFinding[]): string {
  const errors = findings.filter((finding) => finding.level === 'error').length;
  const warnings = findings.length - errors;
  return [errors && counted(errors, 'error', 'errores'), warnings && counted(warnings, 'aviso', 'avisos')]
    .filter(Boolean)
    .join(' y ');
}

export const NO_FINDINGS = 'Sin problemas de accesibilidad detectados en el texto.';

/** What the panel's live region says when the counts change: «2 errores y 1 aviso de accesibilidad». */
export function findingsAnnouncement(findings: readonly AccessibilityFinding[]): string {
  const counts = findingCounts(findings);
  return counts ? `${counts} de accesibilidad` : NO_FINDINGS;
}

/** A level in words, never by colour alone (WCAG 1.4.1). */
export const LEVEL_LABELS: Record<AccessibilityFinding['level'], string> = {
  error: 'Error',
  warning: 'Aviso',
};

/**
 * The elements of the editor's DOM a finding's `at` counts, as checkAccessibility counts them in
 * the HTML (FINDING_ELEMENTS); an image leaves out the separators ProseMirror draws. Undefined for
 * what the editor cannot hold (a frame: kept from the stored body, never editable).
 */
export function findingSelector(tag: FindingElementKind): string | undefined {
  if (tag === 'iframe') return undefined;
  return tag === 'img' ? 'img:not(.ProseMirror-separator)' : FINDING_ELEMENTS[tag];
}
