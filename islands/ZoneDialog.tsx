/**
 * Zones Management's dialog (spec 1-foundations-and-admin.md §2.7, §5.4, §8.4): 'Add Zone' opens 'Create New Zone';
 * a row's Edit opens 'Edit Zone' prefilled. Validation runs before the call and its first
 * message is shown in a toast (and next to its field); the table refreshes after a save.
 */
import type { FormEvent } from 'react';
import { zoneSchema } from '../src/domain/schemas/zones';
import { DialogFooter, firstErrors, Switch, TextField } from './admin/form';
import { useEditDialog } from './admin/useEditDialog';
import { Modal } from './lib/Modal';

export interface ZoneJson {
  id: number;
  name: string;
  description: string | null;
  cities: string[];
  isActive: boolean;
}

const EMPTY = { name: '', description: '', cities: '', isActive: true };

export default function ZoneDialog() {
  const { open, setOpen, editing, form, setForm, errors, pending, show, fail, save } = useEditDialog<ZoneJson, typeof EMPTY>({
    action: 'edit-zone',
    empty: EMPTY,
    formOf: (zone) => ({ name: zone.name, description: zone.description ?? '', cities: zone.cities.join(', '), isActive: zone.isActive }),
    region: 'zones',
    messages: {
      created: 'Zone created successfully',
      updated: 'Zone updated successfully',
      createFailed: 'Failed to create zone',
      updateFailed: 'Failed to update zone',
    },
  });
  const set = (field: keyof typeof EMPTY) => (value: string | boolean) => setForm((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = zoneSchema.safeParse({ ...form, cities: form.cities.split(',') });
    if (!parsed.success) return fail(firstErrors(parsed.error.issues), parsed.error.issues[0].message);
    void save('/api/zones', (zone) => `/api/zones/${zone.id}`, parsed.data);
  }

  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => show(null)}>
        Add Zone
      </button>
      <Modal open={open} onOpenChange={setOpen} title={editing ? 'Edit Zone' : 'Create New Zone'}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <TextField label="Zone Name" name="name" value={form.name} onChange={set('name')} error={errors.name} required autoComplete="off" />
          <TextField
            label="Description"
            name="description"
            value={form.description}
            onChange={set('description')}
            error={errors.description}
            autoComplete="off"
          />
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
