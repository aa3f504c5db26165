/**
 * A screen loaded on demand (a delivery workflow, the stop drag list) that may fail to load:
 * a phone offline before the screen was ever stored, or a release that replaced it (issue
 * 27). Instead of a blank app it says so, with a way back and a way to try again; it tries
 * again by itself when the network returns. The service worker stores every such screen
 * when it installs (src/routes/courier/app.ts), so this is the exception, not the path.
 */
import { Component, lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

class LoadFailure extends Component<{ children: ReactNode; fallback: ReactNode; onFailure: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    this.props.onFailure();
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Browsers remember a module that failed to load for the life of the page (the HTML module
 * map), so importing it again fails at once: a new attempt is a new page, on the same URL
 * (the order view has one, C15), whose module comes from the network or the stored copy.
 */
const loadAgain = () => window.location.reload();

export function LazyScreen<P extends object>({
  load,
  props,
  loading,
  onBack,
  backLabel = 'Back',
}: {
  load: Loader<P>;
  props: P;
  loading: ReactNode;
  onBack: () => void;
  backLabel?: string;
}) {
  const Screen = useMemo(() => lazy(load), [load]);
  const [failed, setFailed] = useState(false);
  // Back in signal with the screen missing: load it again by itself.
  useEffect(() => {
    if (!failed) return;
    window.addEventListener('online', loadAgain);
    return () => window.removeEventListener('online', loadAgain);
  }, [failed]);
  const unavailable = (
    <div role="alert" className="space-y-3 p-6 text-center" data-screen-unavailable="">
      <h2 className="text-lg font-semibold">This screen is not on this phone yet</h2>
      <p className="text-sm text-slate-600">It could not be loaded without a connection. Your work is kept; try again when you have signal.</p>
      <div className="grid grid-cols-2 gap-2">
        <button type="button" className="btn btn-outline h-11" onClick={onBack}>
          {backLabel}
        </button>
        <button type="button" className="btn btn-brand h-11" onClick={loadAgain}>
          Try again
        </button>
      </div>
    </div>
  );
  return (
    <LoadFailure fallback={unavailable} onFailure={() => setFailed(true)}>
      <Suspense fallback={loading}>
        <Screen {...props} />
      </Suspense>
    </LoadFailure>
  );
}
