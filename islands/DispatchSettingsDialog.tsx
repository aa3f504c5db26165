/**
 * A zone's dispatch settings (issue 30, decision W12): how its orders are dispatched (Manual,
 * Auto-offer, Auto-assign), paused or not, and the autopilot's numbers. A row's Dispatch
 * button opens it; the numbers are checked by the server's own rule before they are sent.
 */
import type { FormEvent } from 'react';
import { DISPATCH_MODE_LABELS, DISPATCH_MODES, validateAutopilotSettings, type AutopilotSettings, type DispatchMode } from '../src/domain/autopilot/settings';
import { DialogFooter, SelectField, Switch, TextField } from './admin/form';
import { useEditDialog } from './admin/useEditDialog';
import { Modal } from './lib/Modal';

export type ZoneDispatchJson = AutopilotSettings & { id: number; name: string; paused: boolean };

type NumberField = 'leadMinutes' | 'offerSeconds' | 'maxSingleOffers' | 'zoneOfferMinutes' | 'maxLoad';
type Form = Record<NumberField, string> & { mode: DispatchMode; batching: boolean; paused: boolean };

const NUMBER_FIELDS: ReadonlyArray<{ name: NumberField; label: string; hint: string }> = [
  { name: 'leadMinutes', label: 'Lead time (minutes)', hint: 'Offered this long before the courier must leave for the pickup' },
  { name: 'offerSeconds', label: 'Time to accept (seconds)', hint: 'How long one courier has to accept an offer made to them alone' },
  { name: 'maxSingleOffers', label: 'Couriers offered one by one', hint: 'Then the order is offered to every courier of the zone' },
  { name: 'zoneOfferMinutes', label: 'Minutes offered to the zone', hint: 'Then the dispatcher is alerted' },
  { name: 'maxLoad', label: 'Most orders a courier holds', hint: 'Offers count towards it' },
];

const MODE_OPTIONS = DISPATCH_MODES.map((mode) => ({
  value: mode,
  label:
    mode === 'manual'
      ? 'Manual: the dispatcher assigns every order'
      : mode === 'auto_offer'
        ? 'Auto-offer: to the best courier, then the next'
        : 'Auto-assign: at once to couriers who opted in',
}));

const EMPTY: Form = {
  mode: 'manual',
  batching: true,
  paused: false,
  leadMinutes: '',
  offerSeconds: '',
  maxSingleOffers: '',
  zoneOfferMinutes: '',
  maxLoad: '',
};

export default function DispatchSettingsDialog() {
  const { open, setOpen, editing, form, setForm, errors, pending, fail, save } = useEditDialog<ZoneDispatchJson, Form>({
    action: 'zone-dispatch',
    empty: EMPTY,
    formOf: (zone) => ({
      mode: zone.mode,
      batching: zone.batching,
      paused: zone.paused,
      ...(Object.fromEntries(NUMBER_FIELDS.map(({ name }) => [name, String(zone[name])])) as Record<NumberField, string>),
    }),
    region: 'zones',
    messages: { created: '', updated: 'Dispatch settings saved', createFailed: '', updateFailed: 'Failed to save dispatch settings' },
    savedMessage: (message, zone) => `${message}: ${zone.name} is ${DISPATCH_MODE_LABELS[zone.mode].toLowerCase()}${zone.paused ? ', paused' : ''}`,
  });
  const set = (field: keyof Form) => (value: string | boolean) => setForm((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const numbers = Object.fromEntries(NUMBER_FIELDS.map(({ name }) => [name, form[name].trim() === '' ? Number.NaN : Number(form[name])]));
    const checked = validateAutopilotSettings({ mode: form.mode, batching: form.batching, ...numbers });
    if ('errors' in checked) return fail(checked.errors, Object.values(checked.errors)[0]!);
    void save('', (zone) => `/api/zones/${zone.id}/dispatch`, { ...checked.settings, paused: form.paused });
  }

  return (
    <Modal open={open} onOpenChange={setOpen} title={`Dispatch: ${editing?.name ?? ''}`}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <SelectField label="How orders are dispatched" name="mode" value={form.mode} onChange={set('mode')} error={errors.mode} options={MODE_OPTIONS} />
        {form.mode === 'manual' ? null : (
          <>
            <Switch label="Paused: the autopilot makes no decision until resumed" checked={form.paused} onChange={set('paused')} />
            <div className="grid gap-4 sm:grid-cols-2">
              {NUMBER_FIELDS.map(({ name, label, hint }) => (
                <TextField
                  key={name}
                  label={label}
                  name={name}
                  value={form[name]}
                  onChange={set(name)}
                  error={errors[name]}
                  hint={hint}
                  inputMode="numeric"
                  autoComplete="off"
                />
              ))}
            </div>
            <Switch label="Plan all batches orders from one pickup into one trip" checked={form.batching} onChange={set('batching')} />
          </>
        )}
        <DialogFooter onCancel={() => setOpen(false)} pending={pending} submitLabel="Save Settings" pendingLabel="Saving..." />
      </form>
    </Modal>
  );
}
