/**
 * Sockets opened under a session, wherever they are held (admins' in LiveHub, a courier's
 * in their CourierLocation): who owns each one, and closing them when their session ends.
 */
import { SESSION_ENDED_CLOSE } from '../domain/live';
import { OWNER_HEADERS, type SessionSelector, type SocketOwner } from './names';

/** The session the Worker checked and named in OWNER_HEADERS; null when it named none. */
export function socketOwnerOf(request: Request): SocketOwner | null {
  const owner: SocketOwner = {
    sessionId: request.headers.get(OWNER_HEADERS.sessionId) ?? '',
    userId: Number(request.headers.get(OWNER_HEADERS.userId)),
    expiresAt: Number(request.headers.get(OWNER_HEADERS.expiresAt)),
  };
  return owner.sessionId && Number.isInteger(owner.userId) && Number.isFinite(owner.expiresAt) ? owner : null;
}

const ownerOf = (socket: WebSocket) => socket.deserializeAttachment() as SocketOwner | null;

/** A socket whose owner is unknown counts as ended: it can no longer be vouched for. */
function isEndedBy(owner: SocketOwner | null, selector: SessionSelector): boolean {
  if (!owner) return true;
  if ('sessionId' in selector) return owner.sessionId === selector.sessionId;
  return owner.userId === selector.userId && owner.sessionId !== selector.exceptSessionId;
}

export function closeQuietly(socket: WebSocket, code: number, reason: string): void {
  try {
    socket.close(code, reason);
  } catch {
    // Already closed.
  }
}

/** Closes the sockets the selector names; answers how many. */
export function closeEndedSessions(sockets: readonly WebSocket[], selector: SessionSelector): number {
  const ended = sockets.filter((socket) => isEndedBy(ownerOf(socket), selector));
  for (const socket of ended) closeQuietly(socket, SESSION_ENDED_CLOSE, 'Session ended');
  return ended.length;
}

/** Sends to each socket whose session has not expired, closing the others; answers how many heard it. */
export function sendWhileSessionsLast(sockets: readonly WebSocket[], message: string, now = Date.now()): number {
  let sent = 0;
  for (const socket of sockets) {
    const owner = ownerOf(socket);
    if (!owner || owner.expiresAt <= now) {
      closeQuietly(socket, SESSION_ENDED_CLOSE, 'Session expired');
      continue;
    }
    try {
      socket.send(message);
      sent++;
    } catch {
      // A socket closing while we send is not this message's failure.
    }
  }
  return sent;
}
