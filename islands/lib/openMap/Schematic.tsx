/**
 * The schematic map: the markers and lines of markers.ts placed to scale by their
 * coordinates (longitude shrunk with latitude) on a plain grid, each labelled (P, stop
 * numbers, couriers' names) in its own shape and colour. Drawn when no map can be: no
 * tiles (no network), the maps service failing; and while the tile map loads.
 */
import { useId } from 'react';
import { SERVICE_CENTER, type LatLng } from '../../../src/domain/geo';
import { MARKER_STYLE, markerColor, spreadShared, type MapLine, type MapMarker } from './markers';

export interface SchematicProps {
  markers: readonly MapMarker[];
  lines?: readonly MapLine[];
  label: string;
  width?: number;
  height?: number;
  className?: string;
  testId?: string;
  onSelect?: (key: string) => void;
}

const PAD = 28;
/** Points closer than this (degrees) are spread as if this far apart, so one place does not fill the drawing. */
const MIN_SPAN = 0.01;

/** Fits the points into the drawing, keeping their proportions. */
export function projection(points: readonly LatLng[], width: number, height: number): (point: LatLng) => [number, number] {
  const source = points.length ? points : [SERVICE_CENTER];
  const meanLat = source.reduce((sum, point) => sum + point.lat, 0) / source.length;
  const squash = Math.cos((meanLat * Math.PI) / 180);
  const xs = source.map((point) => point.lng * squash);
  const ys = source.map((point) => point.lat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = Math.max(maxX - minX, MIN_SPAN);
  const spanY = Math.max(maxY - minY, MIN_SPAN);
  const scale = Math.min((width - 2 * PAD) / spanX, (height - 2 * PAD) / spanY);
  const centerX = (minX + maxX) / 2;
  const centerY = (minY + maxY) / 2;
  return (point) => [width / 2 + (point.lng * squash - centerX) * scale, height / 2 - (point.lat - centerY) * scale];
}

const round = (value: number) => Number(value.toFixed(1));

function Shape({ marker }: { marker: MapMarker }) {
  const color = markerColor(marker);
  const { shape } = MARKER_STYLE[marker.kind];
  const outline = { fill: color, stroke: '#ffffff', strokeWidth: 2 };
  if (shape === 'square') return <rect x={-10} y={-10} width={20} height={20} rx={3} {...outline} />;
  if (shape === 'diamond') return <polygon points="0,-12 12,0 0,12 -12,0" {...outline} />;
  return <circle r={10} {...outline} />;
}

export function Schematic({ markers, lines = [], label, width = 800, height = 520, className = 'h-full w-full', testId, onSelect }: SchematicProps) {
  const place = projection([...markers.map((marker) => marker.point), ...lines.flatMap((line) => line.points)], width, height);
  const grid = `grid${useId()}`;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} className={`bg-slate-50 ${className}`} data-testid={testId}>
      <defs>
        <pattern id={grid} width="40" height="40" patternUnits="userSpaceOnUse">
          <path d="M 40 0 L 0 0 0 40" fill="none" stroke="#e2e8f0" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width={width} height={height} fill={`url(#${grid})`} />
      {lines.map((line) =>
        line.points.length > 1 ? (
          <polyline
            key={line.key}
            points={line.points.map((point) => place(point).map(round).join(',')).join(' ')}
            fill="none"
            stroke={line.color}
            strokeWidth="3"
            strokeOpacity="0.8"
            strokeLinejoin="round"
            strokeLinecap="round"
            strokeDasharray={line.dashed ? '6 5' : undefined}
            aria-label={line.label}
          />
        ) : null,
      )}
      {spreadShared(markers).map((marker) => {
        const [px, py] = place(marker.point);
        const [x, y] = [px + (marker.nudge?.x ?? 0), py + (marker.nudge?.y ?? 0)];
        return (
          <g
            key={marker.key}
            transform={`translate(${round(x)} ${round(y)})`}
            data-marker={marker.key}
            className={onSelect && marker.kind === 'courier' ? 'cursor-pointer' : undefined}
            onClick={onSelect && marker.kind === 'courier' ? () => onSelect(marker.key) : undefined}
          >
            <title>{marker.title}</title>
            {marker.selected ? <circle r={15} fill="none" stroke="#1d63db" strokeWidth={3} /> : null}
            {marker.approximate ? <circle r={16} fill="none" stroke={markerColor(marker)} strokeWidth={1.5} strokeDasharray="3 3" /> : null}
            <Shape marker={marker} />
            <text y={4} textAnchor="middle" fontSize="11" fontWeight="700" fill="#ffffff">
              {marker.label}
            </text>
            {marker.name ? (
              <text x={15} y={4} fontSize="12" fontWeight="600" fill="#0f172a" stroke="#ffffff" strokeWidth={3} paintOrder="stroke">
                {marker.name}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
