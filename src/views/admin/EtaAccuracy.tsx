/**
 * ETA accuracy (decision K15): how close the arrival times promised on tracking pages came
 * to the real arrivals, by how long before the arrival they were shown.
 */
import { ACCURATE_WITHIN_MS, type EtaAccuracyRow } from '../../domain/etaAccuracy';
import { DataTable } from '../../shared/DataTable';
import { dayLabel } from '../../domain/time';
import { EmptyState } from '../components/ui';

const WITHIN_MINUTES = ACCURATE_WITHIN_MS / 60_000;
const NUMBER_COLUMNS = ['ETAs', 'Arrivals', `Within ${WITHIN_MINUTES} min`, `Over ${WITHIN_MINUTES} min late`, 'Average miss'];

/** The period chooser: a plain GET form, so the page, its inputs and its URL always show the same days. */
export function EtaAccuracyPeriod({ action, from, to, today }: { action: string; from: string; to: string; today: string }) {
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-2" aria-label="ETA accuracy period">
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

export function EtaAccuracyTable({ groups, overall, from, to }: { groups: EtaAccuracyRow[]; overall: EtaAccuracyRow | null; from: string; to: string }) {
  const days = <p className="text-sm text-slate-600">{from === to ? `ETAs shown on ${dayLabel(from)}` : `ETAs shown ${dayLabel(from)} to ${dayLabel(to)}`}</p>;
  if (!overall)
    return (
      <>
        {days}
        <EmptyState>No ETA shown in these days has a recorded arrival yet.</EmptyState>
      </>
    );
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
    <>
      {days}
      <DataTable label="ETA accuracy by lead time" columns={['Before arrival', ...NUMBER_COLUMNS.map((label) => ({ label, className: 'text-right' }))]}>
        {groups.map((row) => (
          <tr key={row.label}>
            <th scope="row" className="whitespace-nowrap text-left font-normal">
              {row.label}
            </th>
            {cells(row)}
          </tr>
        ))}
        <tr className="font-semibold">
          <th scope="row" className="whitespace-nowrap text-left">
            {overall.label}
          </th>
          {cells(overall)}
        </tr>
      </DataTable>
    </>
  );
}
