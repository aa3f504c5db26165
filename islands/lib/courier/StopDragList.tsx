/**
 * The remaining stops as a list to drag (hold a finger on a handle for a moment, or use
 * the keys). Loaded only when the courier chooses "Reorder stops": @dnd-kit stays off the
 * courier pages until then.
 */
import { arrayMove } from '@dnd-kit/sortable';
import { DragHandle, SortableList } from '../SortableList';
import type { CourierStop } from './types';

export default function StopDragList({
  stops,
  firstNumber,
  onChange,
}: {
  stops: CourierStop[];
  firstNumber: number;
  onChange: (stops: CourierStop[]) => void;
}) {
  const describe = (stop: CourierStop, index: number) => `Stop ${firstNumber + index}, ${stop.customerName}`;
  return (
    <SortableList
      items={stops.map((stop) => ({ ...stop, key: String(stop.id) }))}
      onMove={(from, to) => onChange(arrayMove(stops, from, to))}
      describe={describe}
      label="Remaining stops"
      className="space-y-2"
    >
      {(stop, index, handle) => (
        <div className="flex items-center gap-2 rounded-md border border-slate-200 bg-white p-2 text-sm">
          <DragHandle handle={handle} label={`Move ${describe(stop, index)}`} size="large" />
          <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-900 text-xs font-semibold text-white">
            {firstNumber + index}
          </span>
          <span className="min-w-0">
            <span className="block truncate font-medium">{stop.customerName}</span>
            <span className="block truncate text-slate-600">{stop.address}</span>
          </span>
        </div>
      )}
    </SortableList>
  );
}
