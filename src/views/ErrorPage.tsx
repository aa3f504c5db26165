import { Document } from './Document';

/** Friendly full-page errors: 404, an unreachable database, the unexpected. */
export function ErrorPage({ status, title, message }: { status: number; title: string; message: string }) {
  return (
    <Document title={title}>
      <main className="flex min-h-dvh items-center justify-center p-6">
        <div className="max-w-md text-center">
          <p className="text-sm font-semibold text-brand-600">{status}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
          <p className="mt-3 text-slate-600">{message}</p>
          <div className="mt-6 flex justify-center gap-3">
            <a href="/" className="btn btn-primary">
              Go to sign in
            </a>
          </div>
        </div>
      </main>
    </Document>
  );
}
