/**
 * The admin area's tables: a card that scrolls sideways on narrow screens, a header row
 * of column names, and the rows given. Rendered by server pages and by islands alike. A
 * column may carry classes, so a wide table can hide what its rows repeat elsewhere on
 * narrower screens (the orders table, decision W5). While the table is wider than its
 * card, a shade marks each edge with columns beyond it and a hint says so (styles.css,
 * .table-scroll; decision W10).
 */
import type { ReactNode } from 'react';

export type Column = string | { label: string; className: string };

export function DataTable({
  columns,
  children,
  className = '',
  label = 'Table',
}: {
  columns: readonly Column[];
  children: ReactNode;
  className?: string;
  /** What the table lists, for screen readers ('Orders'). */
  label?: string;
}) {
  return (
    <div className="table-scroll">
      <p className="table-scroll-hint">Scroll sideways for more columns</p>
      <div className="table-scroll-frame card">
        {/* Focusable and named, so a keyboard user can scroll a table wider than the screen (axe: scrollable-region-focusable). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region is scrolled from the keyboard by focusing it (WCAG 2.1.1) */}
        <div className="table-scroll-area" tabIndex={0} role="region" aria-label={label}>
          <table className={`table ${className}`}>
            <thead>
              <tr>
                {columns.map((column) => {
                  const { label, className: columnClass } = typeof column === 'string' ? { label: column, className: '' } : column;
                  return (
                    <th key={label} scope="col" className={`whitespace-nowrap ${columnClass}`}>
                      {label}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
