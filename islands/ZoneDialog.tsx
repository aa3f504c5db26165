/**
 * Zones Management's dialog (spec 1 §2.7, §5.4, §8.4): 'Add Zone' opens 'Create New Zone';
 * a row's Edit opens 'Edit Zone' prefilled. Validation runs before the call and its first
 * message is shown in a toast (and next to its field); the table refreshes after a save.
 */
import { useState, type FormEvent } from 'react';
import { zoneSchema } from '../src/domain/schemas/zones';
import { DialogFooter, firstErrors, apiFieldErrors, Switch, TextField, type FieldErrors } from './admin/form';
import { useTrigger } from './admin/trigger';
import { apiRequest, serverMessage } from './lib/api';
import { errorToast, refreshPartials, toast } from './lib/events';
import { Modal } from './lib/ui';

export interface ZoneJson {
  id: number;
  name: string;
  description: string | null;
  cities: string[];
  isActive: boolean;
}

const EMPTY = { name: '', description: '', cities: '', isActive: true };

export default function ZoneDialog() {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<ZoneJson | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  const show = (zone: ZoneJson | null) => {
    setEditing(zone);
    setForm(zone ? { name: zone.name, description: zone.description ?? '', cities: zone.cities.join(', '), isActive: zone.isActive } : EMPTY);
    setErrors({});
    setOpen(true);
  };
  useTrigger<ZoneJson>('edit-zone', show);
  const set = (field: keyof typeof EMPTY) => (value: string | boolean) => setForm((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = zoneSchema.safeParse({ ...form, cities: form.cities.split(',') });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      errorToast(parsed.error.issues[0].message);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      if (editing) await apiRequest('PATCH', `/api/zones/${editing.id}`, parsed.data);
      else await apiRequest('POST', '/api/zones', parsed.data);
      toast({ title: 'Success', description: editing ? 'Zone updated successfully' : 'Zone created successfully' });
      setOpen(false);
      refreshPartials('zones');
    } catch (error) {
      setErrors(apiFieldErrors((error as { body?: unknown }).body));
      errorToast(serverMessage(error, editing ? 'Failed to update zone' : 'Failed to create zone'));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => show(null)}>
        Add Zone
      </button>
      <Modal open={open} onOpenChange={setOpen} title={editing ? 'Edit Zone' : 'Create New Zone'}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <TextField label="Zone Name" name="name" value={form.name} onChange={set('name')} error={errors.name} required autoComplete="off" />
          <TextField label="Description" name="description" value={form.description} onChange={set('description')} error={errors.description} autoComplete="off" />
          <TextField
            label="Cities"
            name="cities"
            value={form.cities}
            onChange={set('cities')}
            error={errors.cities}
            required
            placeholder="Tampa, St. Petersburg, Clearwater"
            hint="Enter cities separated by commas (for example Tampa, St. Petersburg, Clearwater)"
            autoComplete="off"
          />
          <Switch label="Active" checked={form.isActive} onChange={set('isActive')} />
          <DialogFooter
            onCancel={() => setOpen(false)}
            pending={pending}
            submitLabel={editing ? 'Update Zone' : 'Create Zone'}
            pendingLabel={editing ? 'Updating...' : 'Creating...'}
          />
        </form>
      </Modal>
    </>
  );
}
