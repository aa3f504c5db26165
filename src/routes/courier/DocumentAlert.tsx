/** The document expiry alert at the top of the dashboard (spec 3-courier-area.md §2.15). */
import type { Courier } from '../../db/schema';
import { documentState, DOCUMENTS } from '../../domain/documents';

const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`;

export function DocumentAlert({ courier, today, profileUrl }: { courier: Courier; today: string; profileUrl: string }) {
  // The dates that count; a new one the courier typed waits for an admin (decision C22).
  const documents = (['driversLicense', 'insurance'] as const).map((kind) => ({
    name: DOCUMENTS[kind].name,
    state: documentState(courier[DOCUMENTS[kind].expiry], today),
    requested: courier[DOCUMENTS[kind].requested],
  }));
  const expired = documents.filter((document) => document.state.state === 'expired');
  const soon = documents.flatMap((document) => (document.state.state === 'expiring_soon' ? [{ name: document.name, days: document.state.daysRemaining }] : []));
  const link = (
    <a href={profileUrl} className="btn btn-outline mt-3 h-10 bg-white">
      Update Documents
    </a>
  );
  if (expired.length) {
    return (
      <section role="alert" aria-labelledby="documents-alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
        <h2 id="documents-alert" className="text-base font-semibold">
          Documents Expired!
        </h2>
        {expired.map((document) =>
          document.requested ? (
            <p
              key={document.name}
            >{`Your ${document.name} has expired. Your new date (${document.requested}) is waiting for verification by an administrator.`}</p>
          ) : (
            <p key={document.name}>Your {document.name} has expired. Please update it in your profile.</p>
          ),
        )}
        <p className="mt-1 font-medium">You cannot receive or complete orders until you update your documents.</p>
        {link}
      </section>
    );
  }
  if (soon.length) {
    return (
      <section role="status" aria-labelledby="documents-alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
        <h2 id="documents-alert" className="text-base font-semibold">
          Documents Expiring Soon
        </h2>
        {soon.map((document) => (
          <p key={document.name}>
            Your {document.name} will expire in {days(document.days)}.
          </p>
        ))}
        <p className="mt-1">Please update your documents before they expire to continue receiving orders.</p>
        {link}
      </section>
    );
  }
  return null;
}
