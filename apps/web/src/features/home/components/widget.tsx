import type { ReactNode } from 'react';

/** One card of the dashboard: a heading (h2) and its content, or its empty state. */
export function Widget({
  id,
  title,
  icon,
  empty,
  children,
  className = '',
}: {
  id: string;
  title: string;
  icon: string;
  /** Shown instead of the content when there is nothing to show. */
  empty?: string | null;
  children?: ReactNode;
  className?: string;
}) {
  const headingId = `widget-${id}`;
  return (
    <section className={`card widget ${className}`} aria-labelledby={headingId} data-widget={id}>
      <h2 id={headingId} className="widget-title">
        <i className={icon} aria-hidden="true" />
        {title}
      </h2>
      {empty ? (
        <p className="widget-empty">
          <i className="pi pi-inbox" aria-hidden="true" />
          {empty}
        </p>
      ) : (
        children
      )}
    </section>
  );
}
