/**
 * A list reordered by dragging a handle (spec 2-business-area.md §2.12–2.13, §9.4), with @dnd-kit:
 * a mouse or pen drags after 8 px of movement, a finger after holding 250 ms (5 px
 * tolerance, so scrolling still works), and the keyboard moves an item with Space, the
 * arrows and Space again. Screen readers hear where the item went.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type PointerSensorOptions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId, type PointerEvent, type ReactNode } from 'react';

export const POINTER_DRAG_DISTANCE_PX = 8;
export const TOUCH_DRAG_DELAY_MS = 250;
export const TOUCH_DRAG_TOLERANCE_PX = 5;

/** The pointer sensor for mice and pens only: fingers go through the touch sensor's hold delay. */
class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent: event }: PointerEvent, { onActivation }: PointerSensorOptions) => {
        if (!event.isPrimary || event.button !== 0 || event.pointerType === 'touch') return false;
        onActivation?.({ event });
        return true;
      },
    },
  ];
}

/** What the drag handle of an item needs (see DragHandle). */
export interface HandleProps {
  ref: (element: HTMLElement | null) => void;
  attributes: ReturnType<typeof useSortable>['attributes'];
  listeners: ReturnType<typeof useSortable>['listeners'];
}

/** A button to drag an item by (with the mouse, a finger or the keyboard); large on phones, for a thumb. */
export function DragHandle({
  handle,
  label,
  disabled = false,
  size = 'normal',
}: {
  handle: HandleProps;
  label: string;
  disabled?: boolean;
  size?: 'normal' | 'large';
}) {
  return (
    <button
      type="button"
      ref={handle.ref}
      {...handle.attributes}
      {...handle.listeners}
      disabled={disabled}
      aria-label={label}
      className={`btn btn-ghost ${size === 'large' ? 'h-11 w-11' : 'h-8 w-8'} shrink-0 cursor-grab touch-none px-0 text-slate-400 active:cursor-grabbing`}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
        {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
      </svg>
    </button>
  );
}

function SortableItem({ id, children }: { id: string; children: (handle: HandleProps, dragging: boolean) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }} className={isDragging ? 'relative z-10' : undefined}>
      {children({ ref: setActivatorNodeRef, attributes, listeners }, isDragging)}
    </li>
  );
}

export function SortableList<Item extends { key: string }>({
  items,
  onMove,
  describe,
  label,
  className = 'space-y-3',
  children,
}: {
  items: readonly Item[];
  onMove: (from: number, to: number) => void;
  /** How screen readers name an item ('Stop 2, Ava Robinson'). */
  describe: (item: Item, index: number) => string;
  label: string;
  className?: string;
  children: (item: Item, index: number, handle: HandleProps, dragging: boolean) => ReactNode;
}) {
  const contextId = useId();
  const sensors = useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: POINTER_DRAG_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_DRAG_DELAY_MS, tolerance: TOUCH_DRAG_TOLERANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: UniqueIdentifier) => items.findIndex((item) => item.key === id);
  const name = (id: UniqueIdentifier) => {
    const index = indexOf(id);
    return index >= 0 ? describe(items[index], index) : 'item';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} is over position ${indexOf(over.id) + 1} of ${items.length}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} was moved to position ${indexOf(over.id) + 1} of ${items.length}.` : `${name(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  }

  return (
    <DndContext
      id={contextId}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'To reorder, press Space or Enter to pick up, use the arrow keys to move, then Space or Enter to drop, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={items.map((item) => item.key)} strategy={verticalListSortingStrategy}>
        <ol className={className} aria-label={label}>
          {items.map((item, index) => (
            <SortableItem key={item.key} id={item.key}>
              {(handle, dragging) => children(item, index, handle, dragging)}
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
