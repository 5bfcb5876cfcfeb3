import {
  ACCESSIBILITY_RULES,
  type AccessibilityFinding,
  type AccessibilityLevel,
  type AccessibilityRule,
} from './accessibility';
import { madridDateAndTime, madridParts } from './madrid-time';
import { capitalized } from './messages';
import { AREA_REGISTRY } from './permissions';

// docs/accessibility.md#la-pantalla-accesibilidad: what `GET /api/accessibility` answers (the open
// findings of every published body, by clause, and the overrides with their reasons), and the two
// texts drafted from it, in one place: the accessibility statement's «Contenido no accesible» section
// and the yearly monitoring report. The server answers data only; the SPA writes the drafts with
// these functions. Zod-free and DOM-free.

/** The areas whose bodies are checked: those that publish a rich text body. */
export const ACCESSIBILITY_REPORT_AREAS = ['news', 'page', 'event'] as const;
export type AccessibilityReportArea = (typeof ACCESSIBILITY_REPORT_AREAS)[number];

/**
 * Each clause's name, as UNE-EN 301 549 (chapter 9, WCAG 2.1's success criteria) gives it in Spanish;
 * every clause of ACCESSIBILITY_RULES has one (a unit test says so).
 */
export const ACCESSIBILITY_CLAUSE_TITLES: Readonly<Record<string, string>> = {
  '9.1.1.1': 'Contenido no textual',
  '9.1.3.1': 'Información y relaciones',
  '9.2.4.4': 'Propósito de los enlaces (en contexto)',
  '9.2.4.6': 'Encabezados y etiquetas',
  '9.3.2.2': 'Al recibir entradas',
  '9.4.1.2': 'Nombre, función, valor',
  // Chapter 10: documents that are not web pages (a linked PDF or office file).
  '10.1.1.1': 'Contenido no textual (documentos)',
  '10.1.3.1': 'Información y relaciones (documentos)',
  '10.2.4.2': 'Documentos titulados',
  '10.3.1.1': 'Idioma del documento',
};

/** A clause's name, or the clause itself for one this list does not know. */
export const clauseTitle = (clause: string) => ACCESSIBILITY_CLAUSE_TITLES[clause] ?? clause;

/** One finding of an item, as the screen lists it (where it is in the body is the editor's business). */
export type AccessibilityReportFinding = Pick<AccessibilityFinding, 'rule' | 'level' | 'element' | 'message'>;

/** A published item with findings of one clause and level. */
export interface AccessibilityReportItem {
  area: AccessibilityReportArea;
  id: number;
  /** What the SPA's route takes: the slug in areas addressed by slug (news, events), else the id. */
  key: string;
  title: string;
  /** Its address on the website, when the area's template is configured (PUBLIC_NEWS_URL…). */
  public_url: string | null;
  findings: AccessibilityReportFinding[];
}

/** The findings of one clause at one level (9.1.3.1 has both errors and warnings: two groups). */
export interface AccessibilityClauseGroup {
  clause: string;
  /** The clause's name (ACCESSIBILITY_CLAUSE_TITLES). */
  label: string;
  level: AccessibilityLevel;
  /** Findings in all (an item with two such links counts two). */
  count: number;
  items: AccessibilityReportItem[];
}

/** The latest reason an item still public was published with despite errors (its history keeps it). */
export interface AccessibilityOverride {
  area: AccessibilityReportArea;
  id: number;
  key: string;
  title: string;
  reason: string;
  /** Who gave it, as named then (null: the account no longer exists and the history kept no name). */
  user_name: string | null;
  created_at: string;
  /** The errors its body has now: 0 once they have been fixed. */
  errors: number;
}

export interface AccessibilityReport {
  checked_at: string;
  /** Published items whose bodies were checked. */
  items_checked: number;
  /** The same, per area, in the registry's order. */
  checked_by_area: Array<{ area: AccessibilityReportArea; count: number }>;
  /** Errors first, then warnings; each by clause. */
  findings_by_clause: AccessibilityClauseGroup[];
  /** Newest first. */
  overrides: AccessibilityOverride[];
  totals: { errors: number; warnings: number; items_with_errors: number; items_with_warnings: number };
}

/** Clauses in their numeric order: 9.1.3.1 before 9.2.4.4 before 9.10.1.1. */
export function compareClauses(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? -1) - (right[index] ?? -1);
    if (difference) return difference;
  }
  return 0;
}

// ---------------------------------------------------------------------------------------------
// The drafts. Text to paste and edit, in Spanish, built from the report alone.

/** How many titles a clause names in a draft before «y N más»: a statement is read, not searched. */
export const DRAFT_TITLES_PER_CLAUSE = 20;

const noun = (area: AccessibilityReportArea) => AREA_REGISTRY[area].noun;
const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase('es') + text.slice(1);
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** «a, b y c». */
function listed(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`;
}

/** «Requisito 9.2.4.4 «Propósito de los enlaces (en contexto)»». */
const clauseName = (group: Pick<AccessibilityClauseGroup, 'clause' | 'label'>) =>
  `${group.clause} «${group.label}»`;

/** What fails in a group, by rule, with how many times: «enlace con texto genérico (4)». */
function whatFails(group: AccessibilityClauseGroup): string {
  const byRule = new Map<AccessibilityRule, number>();
  for (const item of group.items) {
    for (const finding of item.findings) byRule.set(finding.rule, (byRule.get(finding.rule) ?? 0) + 1);
  }
  return listed(
    [...byRule].map(([rule, times]) => `${lowerFirst(ACCESSIBILITY_RULES[rule].title)} (${times})`),
  );
}

/** Where: «noticia «A», página «B» y 3 contenidos más». */
function where(items: readonly AccessibilityReportItem[]): string {
  const named = items
    .slice(0, DRAFT_TITLES_PER_CLAUSE)
    .map((item) => `${noun(item.area).one} «${item.title}»`);
  const rest = items.length - named.length;
  return listed(rest > 0 ? [...named, count(rest, 'contenido más', 'contenidos más')] : named);
}

const dateOf = (iso: string) => madridDateAndTime(new Date(iso)).date;

/**
 * Whether a group is a known failure for the statement: errors, and a linked document's issues
 * (chapter 10). Those are warnings for publishing, because the fix is another file and not the text,
 * but they are read from the file, not guessed: an untagged PDF fails 10.1.3.1.
 */
const knownFailure = (group: AccessibilityClauseGroup) =>
  group.level === 'error' || group.clause.startsWith('10.');

/**
 * The accessibility statement's «Contenido no accesible» section (the model statement's three
 * parts): what fails, by clause and where (known failures only: a warning about the text is a likely
 * problem a person must judge), and the items published with errors and the reason given; no
 * disproportionate burden invoked; office documents before 20 September 2018 out of scope.
 */
export function statementDraft(report: AccessibilityReport): string {
  const errors = report.findings_by_clause.filter(knownFailure);
  const overrides = report.overrides.filter((override) => override.errors > 0);
  const lines = [
    'Contenido no accesible',
    '',
    'El contenido que se recoge a continuación no es accesible por lo siguiente:',
    '',
    'a) Falta de conformidad con el RD 1112/2018',
    '',
  ];
  if (!errors.length) {
    lines.push(
      'La revisión automática de los textos publicados no ha encontrado incumplimientos de la norma UNE-EN 301 549.',
    );
  }
  for (const group of errors) {
    lines.push(
      `- Requisito ${clauseName(group)} de la norma UNE-EN 301 549: ${whatFails(group)}. En ${where(group.items)}.`,
    );
  }
  if (overrides.length) {
    lines.push(
      '',
      'Los contenidos siguientes se publicaron con errores de accesibilidad conocidos, por el motivo que se indica:',
    );
    for (const override of overrides) {
      lines.push(
        `- ${capitalized(noun(override.area).one)} «${override.title}» (${dateOf(override.created_at)}): ${override.reason}`,
      );
    }
  }
  lines.push(
    '',
    'b) Carga desproporcionada',
    '',
    'No se invoca.',
    '',
    'c) Contenido no incluido en el ámbito de la legislación aplicable',
    '',
    'Los documentos ofimáticos (PDF, documentos de texto, hojas de cálculo, presentaciones) publicados antes del 20 de septiembre de 2018 quedan fuera del ámbito de aplicación del RD 1112/2018 (artículo 3.4), salvo que sean necesarios para procesos administrativos activos.',
  );
  return lines.join('\n');
}

/** «3 errores en 2 contenidos». */
const inItems = (findings: number, items: number, one: string, many: string) =>
  `${count(findings, one, many)} en ${count(items, 'contenido', 'contenidos')}`;

/**
 * The yearly monitoring report (RD 1112/2018, art. 19): the period, what was reviewed, the errors
 * and warnings per clause, the overrides and their reasons, and the measures planned for each clause
 * with errors.
 */
export function monitoringReportDraft(report: AccessibilityReport): string {
  const checked = new Date(report.checked_at);
  const year = madridParts(checked.getTime()).year;
  const { date, time } = madridDateAndTime(checked);
  const lines = [
    `Informe de revisión de la accesibilidad del año ${year}`,
    '',
    `Periodo: del 1 de enero al 31 de diciembre de ${year}.`,
    `Fecha de la revisión: ${date}, ${time}.`,
    'Método: revisión automática del texto de los contenidos publicados y de los documentos que enlazan con las reglas de la norma UNE-EN 301 549 (capítulos 9 y 10) que aplica el gestor de contenidos; no sustituye a una revisión manual.',
    '',
    '1. Contenido revisado',
    '',
  ];
  for (const { area, count: items } of report.checked_by_area) {
    lines.push(
      `- ${AREA_REGISTRY[area].label}: ${count(items, 'contenido publicado', 'contenidos publicados')}.`,
    );
  }
  lines.push(
    `Total: ${count(report.items_checked, 'contenido', 'contenidos')}, ${report.totals.items_with_errors} con errores y ${report.totals.items_with_warnings} con avisos.`,
    '',
    '2. Resultados por requisito de la norma UNE-EN 301 549',
    '',
  );
  const clauses = [...new Set(report.findings_by_clause.map((group) => group.clause))].sort(compareClauses);
  if (!clauses.length) lines.push('No se ha encontrado ningún error ni aviso.');
  for (const clause of clauses) {
    const groups = report.findings_by_clause.filter((group) => group.clause === clause);
    const error = groups.find((group) => group.level === 'error');
    const warning = groups.find((group) => group.level === 'warning');
    const parts = [
      error ? inItems(error.count, error.items.length, 'error', 'errores') : 'ningún error',
      ...(warning ? [inItems(warning.count, warning.items.length, 'aviso', 'avisos')] : []),
    ];
    lines.push(`- ${clauseName(groups[0]!)}: ${listed(parts)}.`);
  }
  lines.push(
    `Total: ${count(report.totals.errors, 'error', 'errores')} y ${count(report.totals.warnings, 'aviso', 'avisos')}.`,
    '',
    '3. Contenidos publicados con errores por un motivo',
    '',
  );
  if (!report.overrides.length) {
    lines.push('Ningún contenido publicado se publicó con errores indicando un motivo.');
  } else {
    lines.push(
      `${count(report.overrides.length, 'contenido se publicó', 'contenidos se publicaron')} con errores de accesibilidad indicando un motivo:`,
    );
  }
  for (const override of report.overrides) {
    const state =
      override.errors > 0 ? `sigue con ${count(override.errors, 'error', 'errores')}` : 'ya corregido';
    const who = override.user_name ? `, ${override.user_name}` : '';
    lines.push(
      `- ${capitalized(noun(override.area).one)} «${override.title}» (${dateOf(override.created_at)}${who}; ${state}): ${override.reason}`,
    );
  }
  lines.push('', '4. Medidas previstas', '');
  const failing = report.findings_by_clause
    .filter((group) => group.level === 'error')
    .sort((a, b) => compareClauses(a.clause, b.clause));
  if (!failing.length) {
    lines.push(
      'No hay errores abiertos. Se mantendrá la comprobación automática antes de publicar y se revisarán los avisos.',
    );
  } else {
    lines.push(
      `Se corregirán los contenidos con errores de los requisitos siguientes: ${listed(
        failing.map(
          (group) => `${clauseName(group)} (${count(group.items.length, 'contenido', 'contenidos')})`,
        ),
      )}. Cada contenido corregido se vuelve a comprobar al guardarlo, y los contenidos nuevos no se publican con errores sin indicar el motivo.`,
    );
  }
  return lines.join('\n');
}
