/** The GPS page's map (issue 13): the maps service when configured and loaded, the open map without a key, the labelled schematic when neither draws; and the legend. */
import { useCallback, useMemo, useState } from 'react';
import type { MapLine } from '../openMap/markers';
import { OpenMap } from '../openMap/OpenMap';
import { Schematic } from '../openMap/Schematic';
import { mapMarkers } from './markers';
import { ServiceMap } from './ServiceMap';
import { DEFAULT_HEIGHT, type MapWords } from './strings';
import type { MapProps } from './types';

export function CourierMap(props: MapProps) {
  const [failed, setFailed] = useState(false);
  const [tiles, setTiles] = useState<'schematic' | 'tiles' | 'failed'>('schematic');
  const onFail = useCallback(() => setFailed(true), []);
  const { onSelect } = props;
  const select = useCallback((key: string) => onSelect(Number(key.split(':')[1])), [onSelect]);
  const markers = useMemo(() => mapMarkers(props), [props]);
  const lines = useMemo<MapLine[]>(
    () =>
      props.track.length > 1
        ? [
            {
              key: 'track',
              points: props.track.map(({ latitude, longitude }) => ({ lat: latitude, lng: longitude })),
              color: '#1d63db',
              label: props.words.track,
            },
          ]
        : [],
    [props.track, props.words],
  );
  const schematic = (
    <Schematic
      markers={markers}
      lines={lines}
      label={props.words.map}
      testId="schematic-map"
      className={`${props.heightClass ?? DEFAULT_HEIGHT} w-full`}
      onSelect={select}
    />
  );
  return (
    <section aria-label={props.words.map} className="card flex flex-col overflow-hidden">
      {props.apiKey == null && tiles === 'failed' ? <p className="border-b border-slate-100 px-4 py-2 text-xs text-slate-600">{props.words.noTiles}</p> : null}
      {failed ? (
        <div role="alert" className="border-b border-red-100 bg-red-50 px-4 py-2 text-sm text-red-800">
          <strong>{props.words.mapError}.</strong> {props.words.mapErrorDetail}
        </div>
      ) : null}
      {props.apiKey != null && !failed ? (
        <ServiceMap {...props} apiKey={props.apiKey} onFail={onFail} />
      ) : props.apiKey == null ? (
        <OpenMap
          config={props.openMap}
          markers={markers}
          lines={lines}
          label={props.words.map}
          schematic={schematic}
          refit={false}
          onSelect={select}
          onView={setTiles}
        />
      ) : (
        schematic
      )}
      <Legend words={props.words} />
    </section>
  );
}

function Legend({ words }: { words: MapWords }) {
  return (
    <ul aria-label={words.legend} className="flex flex-wrap gap-x-4 gap-y-1 border-t border-slate-100 px-4 py-2 text-xs text-slate-600">
      {words.legendItems.map(([color, shape, label]) => (
        <li key={label} className="flex items-center gap-1.5">
          <span
            className={`inline-block h-3 w-3 ${shape === 'circle' ? 'rounded-full' : shape === 'diamond' ? 'rotate-45' : 'rounded-sm'}`}
            style={{ background: color }}
            aria-hidden="true"
          />
          {label}
        </li>
      ))}
    </ul>
  );
}
