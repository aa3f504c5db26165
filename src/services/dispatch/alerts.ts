/**
 * Pushes the dispatcher's alerts (issue 14, decision W8) to the admins' alert
 * sockets: a new order, missed pickups. Best effort by design: an alert that cannot be
 * pushed is not a failure of the order or of the missed-pickup sweep, and the list, the
 * bell and the row highlight still show it.
 */
import { liveHub } from '../../durable-objects/names';
import type { DispatchAlert } from '../../domain/live';
import type { Env } from '../../env';

export async function alertDispatchers(env: Env, alert: DispatchAlert): Promise<void> {
  try {
    await liveHub(env).broadcast(JSON.stringify(alert), 'alerts');
  } catch (error) {
    console.warn('Dispatcher alert not pushed', alert.kind, error instanceof Error ? error.message : error);
  }
}
