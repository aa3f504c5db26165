/** A connection to wrangler dev's V8 inspector (Chrome DevTools Protocol): the Worker's own isolate. */
export interface Inspector {
  call<T>(method: string, params?: object): Promise<T>;
  close(): void;
}

export async function connectInspector(inspectorPort: number): Promise<Inspector> {
  // The inspector refuses connections without an Origin of this machine's.
  const socket = new WebSocket(`ws://127.0.0.1:${inspectorPort}/ws`, { headers: { Origin: 'http://localhost' } } as unknown as string[]);
  const waiting = new Map<number, (result: unknown) => void>();
  let nextId = 0;
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id != null && waiting.has(message.id)) {
      waiting.get(message.id)!(message.result);
      waiting.delete(message.id);
    }
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error(`cannot reach the Worker's inspector on port ${inspectorPort}`)), { once: true });
  });
  return {
    call: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve) => {
        const id = ++nextId;
        waiting.set(id, resolve as (result: unknown) => void);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}
