/** A socket opened on a Durable Object from a test inside workerd, with the messages it receives. */
export interface TestSocket {
  socket: WebSocket;
  messages: string[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the next message (or the one already waiting). */
  next(): Promise<string>;
}

export async function openSocket(stub: { fetch(request: Request): Promise<Response> }, url: string, headers: Record<string, string>): Promise<TestSocket> {
  const response = await stub.fetch(new Request(url, { headers: { Upgrade: 'websocket', ...headers } }));
  const socket = response.webSocket;
  if (!socket) throw new Error(`No socket: ${response.status} ${await response.text()}`);
  socket.accept();
  const messages: string[] = [];
  const waiting: Array<(message: string) => void> = [];
  socket.addEventListener('message', (event) => {
    const data = String(event.data);
    const waiter = waiting.shift();
    if (waiter) waiter(data);
    else messages.push(data);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.addEventListener('close', (event) => resolve({ code: event.code, reason: event.reason })),
  );
  return {
    socket,
    messages,
    closed,
    next: () => (messages.length ? Promise.resolve(messages.shift()!) : new Promise((resolve) => waiting.push(resolve))),
  };
}
