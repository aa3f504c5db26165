/** The GPS page's live positions (islands/lib/tracking/liveSocket.ts) as a React hook. */
import { useEffect, useRef, useState } from 'react';
import type { PositionMessage } from '../../../src/domain/live';
import { connectLive, type SocketState } from './liveSocket';

export type { SocketState };

/** Positions arrive as they are accepted; while the socket is dropped the caller polls. */
export function useLiveSocket(onPosition: (message: PositionMessage) => void): SocketState {
  const [state, setState] = useState<SocketState>('connecting');
  const handler = useRef(onPosition);
  handler.current = onPosition;
  useEffect(() => connectLive('positions', (message) => handler.current(message), setState), []);
  return state;
}
