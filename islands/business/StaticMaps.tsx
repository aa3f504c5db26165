/**
 * The map widget's static illustration (spec 2-business-area.md §2.14, §8.4): pickup P to delivery D with
 * the distance, shown when no map can be (routes are drawn by lib/openMap/Schematic.tsx).
 */

function Pin({ at: [x, y], label, color }: { at: [number, number]; label: string; color: string }) {
  return (
    <g>
      <circle cx={x} cy={y} r="10" fill={color} stroke="#fff" strokeWidth="2" />
      <text x={x} y={y + 4} textAnchor="middle" fontSize="11" fontWeight="600" fill="#fff">
        {label}
      </text>
    </g>
  );
}

/** The map widget's fallback: pickup P to delivery D, with the distance. */
export function StaticPickupToDelivery({ distance, pickupAddress, deliveryAddress }: { distance: string; pickupAddress: string; deliveryAddress: string }) {
  return (
    <figure className="rounded-md border border-slate-200 bg-slate-50 p-4" data-testid="static-p-to-d">
      <svg viewBox="0 0 320 60" role="img" aria-label={`Pickup to delivery: ${distance}`} className="w-full">
        <line x1="36" y1="30" x2="284" y2="30" stroke="#94a3b8" strokeWidth="3" strokeDasharray="6 6" />
        <Pin at={[24, 30]} label="P" color="#16a34a" />
        <Pin at={[296, 30]} label="D" color="#dc2626" />
        <text x="160" y="22" textAnchor="middle" fontSize="13" fontWeight="600" fill="#0f172a">
          {distance}
        </text>
      </svg>
      <figcaption className="mt-2 grid gap-1 text-xs text-slate-600 sm:grid-cols-2">
        <span>
          <strong className="text-emerald-700">P</strong> {pickupAddress}
        </span>
        <span className="sm:text-right">
          <strong className="text-red-700">D</strong> {deliveryAddress}
        </span>
      </figcaption>
    </figure>
  );
}
