/**
 * Change Password (spec 2-business-area.md §2.9, §5): checked in the browser with the shared schema's
 * messages (the confirmation is checked here and not sent), then POST /api/change-password.
 */
import { useState, type FormEvent } from 'react';
import { changePasswordFormSchema } from '../src/domain/schemas/users';
import { TextInput } from './business/forms';
import { apiRequest, serverMessage } from './lib/api';
import { errorToast, toast } from './lib/events';

type FieldName = 'currentPassword' | 'newPassword' | 'confirmPassword';
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export default function ChangePasswordForm() {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = changePasswordFormSchema.safeParse(form);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await apiRequest('POST', '/api/change-password', { currentPassword: form.currentPassword, newPassword: form.newPassword });
      toast({ title: 'Success', description: 'Your password has been changed successfully' });
      setForm(EMPTY);
    } catch (error) {
      errorToast(serverMessage(error, 'Could not change the password. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  const field = (name: FieldName, label: string, autoComplete: string) => (
    <TextInput
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={form[name]}
      onChange={(event) => setForm((current) => ({ ...current, [name]: event.target.value }))}
      error={errors[name]}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Change Password">
      {field('currentPassword', 'Current Password', 'current-password')}
      {field('newPassword', 'New Password', 'new-password')}
      {field('confirmPassword', 'Confirm New Password', 'new-password')}
      <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Saving...' : 'Save Changes'}
      </button>
    </form>
  );
}
