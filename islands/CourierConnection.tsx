/**
 * The courier menu's connection line (spec 3-courier-area.md §2.3 "Connected to Server"): said only
 * while the server answers this phone (islands/lib/connection.ts, decision F4); otherwise
 * that the phone is offline and keeps what the courier does until it is back.
 */
import { useConnected } from './lib/connection';

export default function CourierConnection() {
  const connected = useConnected();
  if (connected === null) return <div className="mt-1 text-xs text-slate-600">Checking connection...</div>;
  return (
    <div role="status" className={`mt-1 flex items-center gap-1.5 text-xs ${connected ? 'text-emerald-800' : 'text-amber-900'}`}>
      <span className={`h-2 w-2 rounded-full ${connected ? 'bg-emerald-500' : 'bg-amber-500'}`} aria-hidden="true" />
      {connected ? 'Connected to Server' : 'Offline — saved on this phone until online'}
    </div>
  );
}
