/**
 * A customer's tracking page (issue 16): phone-first, server-rendered, light. The
 * business, what is coming, the timeline in plain words, the delivery window, and the
 * courier live on a map while on the way (the one island); after delivery the time,
 * the photos and the courier's notes; after 7 days only "Delivered".
 */
import { Document } from '../Document';
import { Island } from '../Island';
import { Time } from '../components/ui';
import { useView } from '../context';
import type { TrackingView } from '../../services/tracking';

const DAY_AND_TIME = 'EEE, MMM d, h:mm a';

export function TrackingPage({ view, token }: { view: TrackingView; token: string }) {
  const { openMap } = useView();
  const title = `Your delivery from ${view.business}`;
  return (
    <Document title={title} bodyClassName="min-h-dvh bg-slate-50">
      <main className="mx-auto max-w-lg space-y-5 p-4 pb-10">
        <header className="space-y-1">
          <p className="text-sm text-slate-600">Delivery from</p>
          <h1 className="text-2xl font-bold tracking-tight">{view.business}</h1>
          {view.orderNumber ? <p className="text-sm text-slate-600">Order {view.orderNumber}</p> : null}
        </header>

        <section aria-labelledby="status-heading" className="card space-y-3 p-4">
          <h2 id="status-heading" className="text-xl font-semibold" data-testid="tracking-status">
            {view.status}
          </h2>
          {view.notice ? (
            <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-slate-800" data-testid="tracking-notice">
              {view.notice}
            </p>
          ) : null}
          {view.expired ? (
            <p className="text-slate-700">This order was delivered. Details are no longer shown.</p>
          ) : (
            <>
              {view.window ? (
                <p className="text-slate-700">
                  Expected <Time value={view.window.from} pattern={DAY_AND_TIME} /> – <Time value={view.window.to} />
                </p>
              ) : null}
              {view.delivered ? (
                <div className="space-y-3">
                  {view.delivered.at ? (
                    <p className="text-slate-700">
                      <Time value={view.delivered.at} pattern={DAY_AND_TIME} />
                    </p>
                  ) : null}
                  {view.delivered.photos.length ? (
                    <ul className="grid grid-cols-2 gap-2" aria-label="Proof of delivery">
                      {view.delivered.photos.map((src, index) => (
                        <li key={src}>
                          <a href={src} target="_blank" rel="noreferrer noopener">
                            <img src={src} alt={`Proof of delivery ${index + 1}`} className="aspect-square w-full rounded-md object-cover" loading="lazy" />
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {view.delivered.notes ? (
                    <div>
                      <h3 className="text-sm font-medium text-slate-600">Courier’s notes</h3>
                      <p className="whitespace-pre-line">{view.delivered.notes}</p>
                    </div>
                  ) : null}
                </div>
              ) : null}
              {view.stops ? (
                <p className="text-slate-700">
                  {view.stops.delivered} of {view.stops.total} stops delivered
                </p>
              ) : null}
              <Island
                name="TrackingLive"
                props={{
                  socket: view.live,
                  json: `/api/track/${token}`,
                  phase: view.phase,
                  openMap,
                  courier: view.courier
                    ? {
                        firstName: view.courier.firstName,
                        position:
                          view.courier.latitude != null && view.courier.longitude != null ? { lat: view.courier.latitude, lng: view.courier.longitude } : null,
                        eta: view.eta?.words ?? null,
                      }
                    : null,
                  destination: view.destination,
                }}
              />
            </>
          )}
        </section>

        {view.expired ? null : (
          <section aria-labelledby="timeline-heading" className="card p-4">
            <h2 id="timeline-heading" className="mb-3 text-lg font-semibold">
              Progress
            </h2>
            <ol className="space-y-3">
              {view.timeline.map((step) => (
                <li key={step.phase} className="flex items-center gap-3" aria-current={step.state === 'current' ? 'step' : undefined}>
                  <span
                    aria-hidden="true"
                    className={`h-3 w-3 shrink-0 rounded-full ${step.state === 'done' ? 'bg-emerald-600' : step.state === 'current' ? 'bg-brand-600 ring-4 ring-brand-100' : 'bg-slate-300'}`}
                  />
                  <span className={step.state === 'upcoming' ? 'text-slate-600' : 'font-medium'}>
                    {step.words}
                    <span className="sr-only">{step.state === 'done' ? ' (done)' : step.state === 'current' ? ' (now)' : ''}</span>
                  </span>
                </li>
              ))}
            </ol>
          </section>
        )}

        {view.items?.length && !view.expired ? (
          <section aria-labelledby="items-heading" className="card p-4">
            <h2 id="items-heading" className="mb-2 text-lg font-semibold">
              What is coming
            </h2>
            <ul className="space-y-1">
              {view.items.map((item, index) => (
                <li key={index}>
                  {item.quantity} × {item.name}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </main>
    </Document>
  );
}
