/**
 * ETA accuracy (decision K15): how close the arrival times promised on tracking pages came
 * to the real arrivals, by how long before the arrival they were shown.
 */
import { ACCURATE_WITHIN_MS, type EtaAccuracyRow } from '../../domain/etaAccuracy';
import { DataTable } from '../../shared/DataTable';
import { EmptyState } from '../components/ui';

const WITHIN_MINUTES = ACCURATE_WITHIN_MS / 60_000;
const NUMBER_COLUMNS = ['ETAs', 'Arrivals', `Within ${WITHIN_MINUTES} min`, `Over ${WITHIN_MINUTES} min late`, 'Average miss'];

/** The period chooser: a plain GET form whose answer replaces the report region. */
export function EtaAccuracyPeriod({ action, from, to, today }: { action: string; from: string; to: string; today: string }) {
  return (
    <form method="get" action={action} data-partial-target="eta-accuracy" className="flex flex-wrap items-end gap-2" aria-label="ETA accuracy period">
      <div>
        <label htmlFor="eta-from" className="label">
          From
        </label>
        <input id="eta-from" name="from" type="date" defaultValue={from} max={today} className="input" required />
      </div>
      <div>
        <label htmlFor="eta-to" className="label">
          To
        </label>
        <input id="eta-to" name="to" type="date" defaultValue={to} max={today} className="input" required />
      </div>
      <button type="submit" className="btn btn-outline">
        Show
      </button>
    </form>
  );
}

export function EtaAccuracyTable({ groups, overall }: { groups: EtaAccuracyRow[]; overall: EtaAccuracyRow | null }) {
  if (!overall) return <EmptyState>No ETAs were shown to customers who have since been reached in these days.</EmptyState>;
  const cells = (row: EtaAccuracyRow) => (
    <>
      <td className="text-right tabular-nums">{row.samples}</td>
      <td className="text-right tabular-nums">{row.arrivals}</td>
      <td className="text-right tabular-nums">{`${row.accuratePercent}%`}</td>
      <td className="text-right tabular-nums">{`${row.latePercent}%`}</td>
      <td className="text-right tabular-nums">{`${row.averageMissMinutes} min`}</td>
    </>
  );
  return (
    <DataTable label="ETA accuracy" columns={['Shown before arrival', ...NUMBER_COLUMNS.map((label) => ({ label, className: 'text-right' }))]}>
      {groups.map((row) => (
        <tr key={row.label}>
          <td className="whitespace-nowrap">{row.label}</td>
          {cells(row)}
        </tr>
      ))}
      <tr className="font-semibold">
        <td className="whitespace-nowrap">{overall.label}</td>
        {cells(overall)}
      </tr>
    </DataTable>
  );
}
