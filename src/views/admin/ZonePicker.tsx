/**
 * The zone a dispatcher works, as a one-line GET form (a page load: everything on the page
 * follows), however many zones: the queue's ("All zones" allowed) and Plan all's (one zone).
 */
export function ZonePicker({
  action,
  id,
  zones,
  zoneId,
  allZones,
  submitLabel,
}: {
  action: string;
  id: string;
  zones: ReadonlyArray<{ id: number; name: string }>;
  zoneId: number | null;
  /** The empty choice: "All zones", or null when a zone must be chosen. */
  allZones: string | null;
  submitLabel: string;
}) {
  return (
    <form action={action} method="get" className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-slate-700">
        Zone
      </label>
      <select id={id} name="zone" defaultValue={zoneId ?? ''} className="input h-9 w-auto max-w-[14rem] py-1" required={allZones == null}>
        {allZones == null ? (
          <option value="" disabled>
            Choose a zone
          </option>
        ) : (
          <option value="">{allZones}</option>
        )}
        {zones.map((zone) => (
          <option key={zone.id} value={zone.id}>
            {zone.name}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-outline btn-sm">
        {submitLabel}
      </button>
    </form>
  );
}
