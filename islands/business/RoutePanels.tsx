/**
 * The route's two views in the multi-stop form (spec 2-business-area.md §2.13, issue 18):
 * the panel under the stop cards, with the calculate and optimize buttons and the route's
 * figures, and the route modal, with the map and the stops to reorder by dragging.
 */
import { APPROXIMATE_LOCATION } from '../../src/domain/location';
import type { OpenMapConfig } from '../../src/domain/mapTiles';
import { isAtRouteFloor, ROUTE_FLOOR_NOTE } from '../../src/domain/fees';
import { DragHandle, SortableList } from '../lib/SortableList';
import { Modal } from '../lib/Modal';
import { canOptimize, stopLabel, stopTitle, type MultiStopState, type Stop } from './multiStopForm';
import { formFigures, lateNotes, modalFigures, savingWords, type Figure, type Route } from './multiStopRoute';
import { RouteMap } from './RouteMap';

/** Under the stop cards: the buttons, then the route's figures once there is one. */
export function RoutePanel({ state, onCalculate, onShowRoute }: { state: MultiStopState; onCalculate: (optimize: boolean) => void; onShowRoute: () => void }) {
  const { route, stops, calculating } = state;
  return (
    <section className="card flex flex-wrap items-center justify-between gap-4 p-5" aria-label="Route and delivery fee">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-brand"
          onClick={() => onCalculate(false)}
          disabled={calculating != null}
          aria-busy={calculating === 'form' || undefined}
        >
          {calculating === 'form' ? 'Calculating...' : 'Calculate Route & Delivery Fee'}
        </button>
        <OptimizeButton busy={calculating === 'optimize'} disabled={!canOptimize(state)} onClick={() => onCalculate(true)} />
      </div>
      {route ? (
        <div className="flex flex-wrap items-center gap-6" aria-live="polite">
          <Figures className="flex flex-wrap gap-6 text-sm" valueClassName="text-lg font-semibold" items={formFigures(route)} />
          <button type="button" className="btn btn-outline btn-sm" onClick={onShowRoute}>
            View Route
          </button>
          <RouteFigureNotes route={route} stopCount={stops.length} />
        </div>
      ) : (
        <p className="text-sm text-slate-500">Calculate the route to see the delivery fee ($2 per mile).</p>
      )}
      {route ? <RouteNotes route={route} stops={stops} className="w-full" /> : null}
      <p role="status" className="sr-only">
        {state.announcement}
      </p>
    </section>
  );
}

/** The route modal: the map, the figures, and the stops, whose new order is calculated at once. */
export function RouteModal({
  state,
  route,
  typed,
  mapsApiKey,
  openMap,
  onOpenChange,
  onOptimize,
  onMove,
}: {
  state: MultiStopState;
  /** The state's route: the modal is shown only with one. */
  route: Route;
  typed: boolean;
  mapsApiKey: string | null;
  openMap: OpenMapConfig;
  onOpenChange: (open: boolean) => void;
  onOptimize: () => void;
  onMove: (from: number, to: number) => void;
}) {
  const { stops, calculating } = state;
  return (
    <Modal open={state.routeOpen} onOpenChange={onOpenChange} title="Delivery Route" wide>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[1fr_16rem]">
        <div className="relative min-h-64">
          <RouteMap apiKey={mapsApiKey} openMap={openMap} pickup={route.pickup} stops={route.points} polyline={route.polyline} />
          {calculating === 'modal' ? (
            <p role="status" className="absolute inset-0 flex items-center justify-center rounded-md bg-white/80 text-sm font-medium">
              Recalculating route...
            </p>
          ) : null}
        </div>
        <div className="space-y-4">
          <Figures className="grid grid-cols-3 gap-2 text-sm md:grid-cols-1" valueClassName="font-semibold" items={modalFigures(route, stops.length)} />
          {route.estimated ? <p className="text-xs text-slate-500">Estimated from the stops' locations.</p> : null}
          <RouteFigureNotes route={route} stopCount={stops.length} />
          <OptimizeButton busy={calculating === 'modal'} disabled={!canOptimize(state)} onClick={onOptimize} className="btn-sm w-full" />
          <RouteNotes route={route} stops={stops} />
          <div>
            <p className="mb-2 text-xs text-slate-500">Drag stops to reorder</p>
            <p className="mb-2 rounded-md bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">Pharmacy (Pickup)</p>
            <SortableList items={stops} onMove={onMove} describe={stopLabel} label="Route stops" className="space-y-2">
              {(stop, index, handle) => (
                <div className="flex items-center gap-2 rounded-md border border-slate-200 bg-white px-2 py-2 text-sm">
                  <DragHandle handle={handle} label={`Move ${stopLabel(stop, index)}`} disabled={calculating != null} />
                  <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-red-600 text-xs font-semibold text-white">
                    {index + 1}
                  </span>
                  <span className="min-w-0 truncate">{stopTitle(stop, index, typed)}</span>
                </div>
              )}
            </SortableList>
          </div>
        </div>
      </div>
    </Modal>
  );
}

function Figures({ items, className, valueClassName }: { items: Figure[]; className: string; valueClassName: string }) {
  return (
    <dl className={className}>
      {items.map(([label, value, testId]) => (
        <div key={label}>
          <dt className="text-slate-500">{label}</dt>
          <dd className={valueClassName} data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function OptimizeButton({ busy, disabled, onClick, className = '' }: { busy: boolean; disabled: boolean; onClick: () => void; className?: string }) {
  return (
    <button type="button" className={`btn btn-outline ${className}`} onClick={onClick} disabled={disabled} aria-busy={busy || undefined}>
      {busy ? 'Optimizing...' : 'Optimize order'}
    </button>
  );
}

/** What an optimization saved, and the stops the route reaches after their deliver-by time. */
function RouteNotes({ route, stops, className = '' }: { route: Route; stops: readonly Stop[]; className?: string }) {
  const late = lateNotes(route, stops);
  if (!route.saving && late.length === 0) return null;
  return (
    <div className={`space-y-1 text-sm ${className}`}>
      {route.saving ? (
        <p className="font-medium text-emerald-800" data-testid="route-saving">
          {savingWords(route.saving)}
        </p>
      ) : null}
      {late.map(({ key, text }) => (
        <p key={key} className="text-amber-800">
          {text}
        </p>
      ))}
    </div>
  );
}

/** What the distance and fee rest on: places only at a ZIP code's centre, and the floor when it applies (decision B17). */
function RouteFigureNotes({ route, stopCount }: { route: Route; stopCount: number }) {
  return (
    <>
      {route.approximate ? (
        <p className="w-full text-xs text-amber-800" data-approximate-location="">
          Some places are at their ZIP code's centre ({APPROXIMATE_LOCATION}): the distance is approximate.
        </p>
      ) : null}
      {isAtRouteFloor(route.miles, stopCount) ? (
        <p className="w-full text-xs text-slate-600" data-fee-floor="">
          {ROUTE_FLOOR_NOTE}.
        </p>
      ) : null}
    </>
  );
}
