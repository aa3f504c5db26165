import { TruckIcon } from '../shared/icons';
import { Document } from './Document';
import { Island } from './Island';
import type { LoginFormProps } from '../../islands/LoginForm';

/** The sign-in pages of every area: a centred card around the LoginForm island. */
export function SignInPage({ heading, subtitle, form }: { heading: string; subtitle: string; form: LoginFormProps }) {
  return (
    <Document title={heading}>
      <main className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-slate-100 to-slate-200 p-4">
        <div className="card w-full max-w-sm p-6 sm:p-8">
          <div className="mb-6 text-center">
            <span className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
              <TruckIcon width={26} height={26} />
            </span>
            <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
            <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
          </div>
          <Island name="LoginForm" props={form} />
        </div>
      </main>
    </Document>
  );
}
