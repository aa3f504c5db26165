/**
 * A zone's dispatch on the Zones page (issue 30, decision W12): its mode, and for an autopilot
 * zone a Pause / Resume button that acts at once (the page runtime's data-action="api").
 */
import { dispatchLabel } from '../../domain/autopilot/settings';
import type { Zone } from '../../db/schema';
import { serializeZoneDispatch } from '../../db/zones';
import { Badge } from '../components/ui';

export function DispatchCell({ zone }: { zone: Zone }) {
  const mode = zone.dispatchMode;
  const paused = zone.autopilotPaused;
  const label = dispatchLabel(mode, paused);
  if (mode === 'manual') return <span className="text-slate-600">{label}</span>;
  const { id: _id, name: _name, ...settings } = serializeZoneDispatch(zone);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge tone={paused ? 'amber' : 'green'}>{label}</Badge>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        data-action="api"
        data-url={`/api/zones/${zone.id}/dispatch`}
        data-method="PATCH"
        data-body={JSON.stringify({ ...settings, paused: !paused })}
        data-success={paused ? `The autopilot of ${zone.name} is running again` : `The autopilot of ${zone.name} is paused`}
        data-refresh="zones"
        aria-label={`${paused ? 'Resume' : 'Pause'} the autopilot of ${zone.name}`}
      >
        {paused ? 'Resume' : 'Pause'}
      </button>
    </div>
  );
}
