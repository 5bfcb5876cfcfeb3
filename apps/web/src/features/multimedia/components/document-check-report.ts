import {
  ACCESSIBILITY_RULES,
  capitalized,
  clauseLabel,
  DOCUMENT_ISSUES,
  DOCUMENTS_EXEMPT_BEFORE,
  type DocumentIssue,
  type MediaRecord,
} from '@gestor/shared';
import { formatCalendarDay } from '../../../components/resource/format';
import { LEVEL_LABELS } from '../../../components/rich-text/accessibility-check';

// docs/accessibility.md#documentos: what a PDF's or office document's upload check found (UNE-EN
// 301 549, chapter 10), in the words its side panel says it to the person who has to fix the file:
// the outcome, what it means, and per issue what is wrong, what to do and the clause.

type Media = Pick<MediaRecord, 'kind' | 'mime_type' | 'document_check'>;

/** The documents the upload checks: PDF and office files; a plain text or CSV file has nothing to check. */
export const isCheckedDocument = (media: Pick<Media, 'kind' | 'mime_type'>) =>
  media.kind === 'document' && !media.mime_type.startsWith('text/');

export type DocumentCheckTone = 'info' | 'success' | 'warning';

export interface DocumentCheckLine {
  issue: DocumentIssue;
  tone: DocumentCheckTone;
  /** Its level in words (WCAG 1.4.1): «Aviso», or «Información» when the document is exempt. */
  level: string;
  /** «El documento no está etiquetado.» */
  says: string;
  /** «Expórtelo de nuevo a PDF con la opción …» */
  fix: string;
  /** «UNE-EN 301 549, 10.1.3.1» */
  clause: string;
}

export interface DocumentCheckReport {
  tone: DocumentCheckTone;
  /** The outcome in a word or two: «Sin comprobar», «Sin problemas», «2 avisos», «Exento»… */
  outcome: string;
  /** What it means and what to do, in a sentence or three. */
  explanation: string;
  lines: DocumentCheckLine[];
}

/** What the check asks of this type of file, said of «el documento» and as what to review. */
function asked(media: Pick<Media, 'mime_type'>): { has: string; review: string } {
  if (media.mime_type === 'application/pdf') {
    return {
      // Not «has text»: a PDF over 16 MB is read by its ends and never judged a scan.
      has: 'está etiquetado, tiene título en sus propiedades y dice en qué idioma está',
      review: 'que esté etiquetado, que tenga título y que diga en qué idioma está',
    };
  }
  // A workbook has no document language to set: the check does not ask one of it.
  if (media.mime_type.includes('spreadsheet')) {
    return { has: 'tiene título en sus propiedades', review: 'que tenga título en sus propiedades' };
  }
  return {
    has: 'tiene título en sus propiedades y dice en qué idioma está',
    review: 'que tenga título y que diga en qué idioma está',
  };
}

function linesOf(issues: readonly DocumentIssue[], exempt: boolean): DocumentCheckLine[] {
  return issues.map((issue) => {
    const { rule, says, fix } = DOCUMENT_ISSUES[issue];
    const { level, clause } = ACCESSIBILITY_RULES[rule];
    return {
      issue,
      tone: exempt ? 'info' : 'warning',
      level: exempt ? 'Información' : LEVEL_LABELS[level],
      says: `El documento ${says}.`,
      fix: `${capitalized(fix)}.`,
      clause: clauseLabel(clause),
    };
  });
}

/**
 * The report of a document's check for its side panel; null for what the upload does not check
 * (images, audio, video, plain text). `mayReplace`: the person may replace the file, the way to
 * check one uploaded before the check existed.
 */
export function documentCheckReport(
  media: Media,
  { mayReplace }: { mayReplace: boolean },
): DocumentCheckReport | null {
  if (!isCheckedDocument(media)) return null;
  const check = media.document_check;
  const { has, review } = asked(media);

  if (!check) {
    return {
      tone: 'info',
      outcome: 'Sin comprobar',
      explanation: `Este documento se subió antes de que Gestor comprobara la accesibilidad de los documentos. ${
        mayReplace
          ? 'Para comprobarlo, reemplácelo por el mismo archivo con «Reemplazar archivo».'
          : 'Quien pueda modificar la biblioteca puede comprobarlo reemplazándolo por el mismo archivo.'
      }`,
      lines: [],
    };
  }

  if (!check.readable) {
    return {
      tone: 'warning',
      outcome: 'No se ha podido comprobar',
      explanation: `No se ha podido leer el documento para comprobarlo: puede estar protegido con contraseña o dañado. Ábralo y revise a mano ${review}.`,
      lines: [],
    };
  }

  if (check.exempt) {
    const created = check.created_on ? ` el ${formatCalendarDay(check.created_on)},` : '';
    return {
      tone: 'info',
      outcome: 'Exento',
      explanation: `Según sus propiedades, el documento se creó${created} antes del ${formatCalendarDay(DOCUMENTS_EXEMPT_BEFORE)}: el Real Decreto 1112/2018 lo exime de los requisitos de accesibilidad. ${
        check.issues.length ? 'Aun así, esto es lo que le falta, solo como información:' : `Además, ${has}.`
      }`,
      lines: linesOf(check.issues, true),
    };
  }

  const count = check.issues.length;
  if (!count) {
    return {
      tone: 'success',
      outcome: 'Sin problemas',
      explanation: `No se ha encontrado ningún problema: el documento ${has}.`,
      lines: [],
    };
  }

  return {
    tone: 'warning',
    outcome: count === 1 ? '1 aviso' : `${count} avisos`,
    explanation: `Las noticias, páginas y eventos que enlazan a este documento ${
      count === 1 ? 'muestran este aviso' : 'muestran estos avisos'
    } en su comprobación de accesibilidad, aunque no impiden publicarlos. Corrija el documento y reemplace el archivo: se comprobará de nuevo.`,
    lines: linesOf(check.issues, false),
  };
}
