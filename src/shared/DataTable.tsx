/**
 * The admin area's tables: a card that scrolls sideways on narrow screens, a header row
 * of column names, and the rows given. Rendered by server pages and by islands alike.
 */
import type { ReactNode } from 'react';

export function DataTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="card overflow-x-auto">
      <table className="table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
