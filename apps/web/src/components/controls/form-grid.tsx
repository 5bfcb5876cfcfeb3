import type { ReactNode } from 'react';
import './controls.css';

/**
 * Fields side by side where the form is wide enough, one under another where it is not (a phone at
 * 375 px, or the form beside its history panel). It answers to the form's own width (a container
 * query), not the window's, because the sidebar and the history panel take part of the window.
 */
export function FormGrid({ columns = 2, children }: { columns?: 2 | 3; children: ReactNode }) {
  return (
    <div className="form-columns">
      <div className={`form-columns-grid form-columns-${columns}`}>{children}</div>
    </div>
  );
}

/** A field that takes the whole row of a FormGrid (a description, a list of questions). */
export function FormGridFullWidth({ children }: { children: ReactNode }) {
  return <div className="form-columns-full">{children}</div>;
}
