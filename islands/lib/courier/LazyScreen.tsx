/**
 * A screen loaded on demand (a delivery workflow, the stop drag list) that may fail to load:
 * a phone offline before the screen was ever stored, or a release that replaced it (issue
 * 27). Instead of a blank app it says so, with a way back and a way to try again; it tries
 * again by itself when the network returns. The service worker stores every such screen
 * when it installs (src/routes/courier/app.ts), so this is the exception, not the path.
 */
import { Component, lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

class LoadFailure extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

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
  // A rejected import is remembered by React.lazy: each attempt is a new one.
  const [attempt, setAttempt] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `attempt` is the reason to make a new one.
  const Screen = useMemo(() => lazy(load), [load, attempt]);
  const retry = () => setAttempt((count) => count + 1);
  useEffect(() => {
    const again = () => setAttempt((count) => count + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);
  const unavailable = (
    <div role="alert" className="space-y-3 p-6 text-center" data-screen-unavailable="">
      <h2 className="text-lg font-semibold">This screen is not on this phone yet</h2>
      <p className="text-sm text-slate-600">It could not be loaded without a connection. Your work is kept; try again when you have signal.</p>
      <div className="grid grid-cols-2 gap-2">
        <button type="button" className="btn btn-outline h-11" onClick={onBack}>
          {backLabel}
        </button>
        <button type="button" className="btn btn-brand h-11" onClick={retry}>
          Try again
        </button>
      </div>
    </div>
  );
  return (
    <LoadFailure key={attempt} fallback={unavailable}>
      <Suspense fallback={loading}>
        <Screen {...props} />
      </Suspense>
    </LoadFailure>
  );
}
