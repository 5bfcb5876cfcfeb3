import type { AccessibilityClauseGroup } from '@gestor/shared';
import { Button } from 'primereact/button';
import { useEffect, useId, useRef, useState } from 'react';
import { areaNoun, ItemLink } from './item-link';

// The open findings, one section per clause and level (docs/accessibility.md#la-pantalla-accesibilidad):
// its name, its level in words, how many findings in how many items, and each item as a link to its
// editor with what fails in it. A long clause shows its first items and a button for the rest.

/** Items a clause shows before «Mostrar los N restantes». */
export const ITEMS_SHOWN = 20;

export const LEVEL_WORDS = { error: 'Error', warning: 'Aviso' } as const;

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** «3 errores en 2 contenidos». */
export function groupSummary(group: Pick<AccessibilityClauseGroup, 'level' | 'count' | 'items'>): string {
  const findings =
    group.level === 'error'
      ? counted(group.count, 'error', 'errores')
      : counted(group.count, 'aviso', 'avisos');
  return `${findings} en ${counted(group.items.length, 'contenido', 'contenidos')}`;
}

function ClauseSection({ group }: { group: AccessibilityClauseGroup }) {
  const headingId = useId();
  const [all, setAll] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const shown = all ? group.items : group.items.slice(0, ITEMS_SHOWN);
  const rest = group.items.length - shown.length;
  // The button goes with the items it showed: the focus goes to the first of them, not to the page.
  useEffect(() => {
    if (all) (list.current?.children[ITEMS_SHOWN] as HTMLElement | undefined)?.focus();
  }, [all]);
  return (
    <section className={`a11y-clause a11y-clause-${group.level}`} aria-labelledby={headingId}>
      <h3 id={headingId} className="a11y-clause-heading">
        <span className={`level-badge level-badge-${group.level}`}>{LEVEL_WORDS[group.level]}</span>
        <span className="sr-only">: </span>
        <span>
          {group.clause} {group.label}
        </span>
      </h3>
      <p className="a11y-clause-summary">
        UNE-EN 301 549, {group.clause} · {groupSummary(group)}
      </p>
      <ul ref={list} className="a11y-clause-items">
        {shown.map((item, index) => (
          <li
            key={`${item.area}-${item.id}`}
            className="a11y-clause-item"
            tabIndex={index === ITEMS_SHOWN ? -1 : undefined}
          >
            <p className="a11y-clause-item-head">
              <ItemLink item={item} />
              <span className="resource-muted"> · {areaNoun(item.area)}</span>
              {item.public_url && (
                <>
                  {' · '}
                  <a href={item.public_url} target="_blank" rel="noopener noreferrer">
                    Ver en la web
                    <span className="sr-only"> «{item.title}» (se abre en una pestaña nueva)</span>
                  </a>
                </>
              )}
            </p>
            <ul className="a11y-clause-findings">
              {item.findings.map((finding, index) => (
                // The same element may fail twice (two links «aquí»): the order tells them apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: the findings of one item never reorder.
                <li key={index}>
                  <strong className="a11y-clause-element">{finding.element}</strong>: {finding.message}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {rest > 0 && (
        <Button
          type="button"
          label={`Mostrar ${rest === 1 ? 'el contenido restante' : `los ${rest} contenidos restantes`}`}
          icon="pi pi-angle-down"
          text
          size="small"
          onClick={() => setAll(true)}
        />
      )}
    </section>
  );
}

export function FindingsByClause({ groups }: { groups: readonly AccessibilityClauseGroup[] }) {
  if (!groups.length) {
    return (
      <p className="a11y-report-empty">
        <span className="pi pi-check-circle" aria-hidden="true" /> No hay errores ni avisos en el contenido
        publicado.
      </p>
    );
  }
  return (
    <div className="a11y-clauses">
      {groups.map((group) => (
        <ClauseSection key={`${group.level}-${group.clause}`} group={group} />
      ))}
    </div>
  );
}
