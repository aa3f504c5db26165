/** The GPS page's map: the maps service when configured and loaded, the schematic map otherwise, and the legend. */
import { useCallback, useState } from 'react';
import { SchematicMap } from './SchematicMap';
import { ServiceMap } from './ServiceMap';
import { RU } from './strings';
import type { MapProps } from './types';

/** The maps service when configured and loaded; the schematic map otherwise. */
export function CourierMap(props: MapProps) {
  const [failed, setFailed] = useState(false);
  const onFail = useCallback(() => setFailed(true), []);
  const useService = props.apiKey != null && !failed;
  return (
    <section aria-label={RU.map} className="card flex flex-col overflow-hidden">
      {props.apiKey == null ? <p className="border-b border-slate-100 px-4 py-2 text-xs text-slate-600">{RU.noKey}</p> : null}
      {failed ? (
        <div role="alert" className="border-b border-red-100 bg-red-50 px-4 py-2 text-sm text-red-800">
          <strong>{RU.mapError}.</strong> {RU.mapErrorDetail}
        </div>
      ) : null}
      {useService ? <ServiceMap {...props} apiKey={props.apiKey!} onFail={onFail} /> : <SchematicMap {...props} />}
      <Legend />
    </section>
  );
}

function Legend() {
  return (
    <ul aria-label={RU.legend} className="flex flex-wrap gap-x-4 gap-y-1 border-t border-slate-100 px-4 py-2 text-xs text-slate-600">
      {RU.legendItems.map(([color, label]) => (
        <li key={label} className="flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 rounded-full" style={{ background: color }} aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}
