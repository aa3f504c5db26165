/**
 * The admin's list of documents to verify (issue 26, decision C22): each new expiry date a
 * courier typed in their profile, which counts only once verified here. Empty, it shows
 * nothing: the Couriers page is the same as before.
 */
import type { DocumentToVerify } from '../../db/couriers';
import { DOCUMENTS } from '../../domain/documents';
import { DataTable } from '../../shared/DataTable';
import type { RegionList } from '../../shared/partials';

export function DocumentsToVerify({ documents }: { documents: DocumentToVerify[] }) {
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="documents-to-verify-title" className="card mb-6 border-amber-300 p-4">
      <h2 id="documents-to-verify-title" className="text-lg font-semibold">
        Documents to verify ({documents.length})
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        New expiry dates couriers gave in their profile. Until verified, the old date counts: a courier whose document expired stays off orders.
      </p>
      <DataTable label="New expiry dates" columns={['Courier', 'Document', 'Counted expiry', 'New expiry', 'Photos', 'Actions']}>
        {documents.map((row) => {
          const label = `${DOCUMENTS[row.document].label} of ${row.name}`;
          const decide = (decision: 'verify' | 'refuse') => ({
            'data-action': 'api',
            'data-url': `/api/couriers/${row.courierId}/documents`,
            'data-method': 'POST',
            'data-body': JSON.stringify({ document: row.document, requested: row.requested, decision }),
            'data-refresh': 'documents-to-verify,couriers' as RegionList,
          });
          return (
            <tr key={`${row.courierId}-${row.document}`} data-document-to-verify={row.courierId}>
              <th scope="row" className="font-medium">
                {row.name}
              </th>
              <td>
                {DOCUMENTS[row.document].label} <span className="whitespace-nowrap text-slate-500">{row.number}</span>
              </td>
              <td className="whitespace-nowrap">{row.expiry}</td>
              <td className="whitespace-nowrap font-medium">{row.requested}</td>
              <td>
                {row.photos.length ? (
                  <span className="flex flex-wrap gap-2">
                    {row.photos.map((photo, index) => (
                      <a key={photo} href={photo} target="_blank" rel="noreferrer" className="underline">
                        Photo {index + 1}
                      </a>
                    ))}
                  </span>
                ) : (
                  <span className="text-slate-500">None</span>
                )}
              </td>
              <td>
                <span className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn btn-success btn-sm"
                    {...decide('verify')}
                    data-success={`${label} verified`}
                    aria-label={`Verify the ${label}`}
                  >
                    Verify
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    {...decide('refuse')}
                    data-success={`${label}: new date refused`}
                    aria-label={`Refuse the new date of the ${label}`}
                  >
                    Refuse
                  </button>
                </span>
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
