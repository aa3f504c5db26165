/**
 * Sign-in form for the generic sign-in page (spec 1-foundations-and-admin.md §2.3) and the courier login
 * (spec 3-courier-area.md §2.2). Errors appear inline next to their field and, for a failed sign-in,
 * in a toast as the spec words them.
 */
import { useState, type FormEvent } from 'react';
import { roleHome, safeNext } from '../src/domain/roles';
import { courierLoginSchema, loginSchema } from '../src/domain/schemas/users';
import { apiRequest, ApiRequestError, serverMessage } from './lib/api';
import { toast } from './lib/events';

interface SignedInUser {
  role: string;
}

export interface LoginFormProps {
  variant: 'generic' | 'courier';
  next: string | null;
  courierBase: string;
}

type Errors = Partial<Record<'username' | 'password' | 'form', string>>;

export default function LoginForm({ variant, next, courierBase }: LoginFormProps) {
  const courier = variant === 'courier';
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = (courier ? courierLoginSchema : loginSchema).safeParse({
      username: String(form.get('username') ?? ''),
      password: String(form.get('password') ?? ''),
    });
    if (!parsed.success) {
      const fieldErrors: Errors = {};
      for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as 'username' | 'password'] ??= issue.message;
      setErrors(fieldErrors);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const user = await apiRequest<SignedInUser>('POST', '/api/login', parsed.data);
      if (courier) {
        toast({ title: 'Welcome!', description: "You've been successfully logged in." });
        // The spec waits 500 ms so the welcome is seen before the dashboard loads.
        window.setTimeout(() => window.location.assign(`${courierBase}/dashboard`), 500);
        return;
      }
      window.location.assign(safeNext(next, user.role) ?? roleHome(user.role, courierBase));
    } catch (error) {
      const unauthorized = error instanceof ApiRequestError && error.status === 401;
      const message = unauthorized
        ? 'Invalid username or password'
        : serverMessage(error, courier ? 'Login failed' : 'Could not sign in. Check your connection and try again.');
      setErrors({ form: message });
      if (unauthorized || courier) toast({ title: 'Login failed', description: message, variant: 'destructive' });
      setPending(false);
    }
  }

  const field = (name: 'username' | 'password', label: string, type: string, autoComplete: string) => (
    <div>
      <label htmlFor={`login-${name}`} className="label">
        {label}
      </label>
      <input
        id={`login-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        className="input h-11"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `login-${name}-error` : undefined}
        disabled={pending}
      />
      {errors[name] ? (
        <p id={`login-${name}-error`} className="field-error">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={courier ? 'Courier Login' : 'Sign in'}>
      {errors.form ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {errors.form}
        </p>
      ) : null}
      {field('username', 'Username', 'text', 'username')}
      {field('password', 'Password', 'password', 'current-password')}
      <button type="submit" className="btn btn-primary h-11 w-full" disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Signing in...' : courier ? 'Sign In' : 'Sign in'}
      </button>
    </form>
  );
}
