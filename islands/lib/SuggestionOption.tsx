/** One option of an address combobox's list (islands/lib/combobox.ts). */
import type { ReactNode } from 'react';
import { optionId } from './combobox';

export function SuggestionOption({
  listId,
  index,
  active,
  className,
  onChoose,
  children,
}: {
  listId: string;
  index: number;
  active: boolean;
  className: string;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <li
      id={optionId(listId, index)}
      role="option"
      aria-selected={active}
      className={className}
      // mousedown, not click: it comes before the input's blur closes the list (the
      // keyboard chooses through the input, aria-activedescendant).
      onMouseDown={(event) => {
        event.preventDefault();
        onChoose();
      }}
    >
      {children}
    </li>
  );
}
