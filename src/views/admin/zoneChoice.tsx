/**
 * A page's Add button with its dialog island, which needs the zones to choose from. It is
 * a region of its own, so the page's table does not wait for it; until it arrives the
 * button shows, disabled.
 */
import type { ReactNode } from 'react';
import type { Db } from '../../db/client';
import { listZones } from '../../db/zones';
import type { PartialSpec } from '../render';

export function dialogWithZones(db: Db, label: string, island: (zones: Array<{ id: number; name: string }>) => ReactNode): PartialSpec {
  return {
    render: async () => island((await listZones(db)).map((zone) => ({ id: zone.id, name: zone.name }))),
    fallback: (
      <button type="button" className="btn btn-primary" disabled>
        {label}
      </button>
    ),
  };
}
