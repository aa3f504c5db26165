/**
 * Nothing lost in the field. Every workflow step and photo the courier makes goes into
 * an outbox kept in IndexedDB, and is sent from there in order, each with its own
 * Idempotency-Key (the server answers a repeat with its first reply, so sending again
 * is safe). What cannot be sent now (no signal, a server hiccup) waits and is retried
 * when the connection returns, on a growing timer, and whenever a courier page opens;
 * a reload or a closed tab does not lose it. Meanwhile the screens show each waiting
 * entry's effect (the courier moves on) and "Waiting to sync".
 *
 * An upload gets a local name (LOCAL_PHOTO…) that later entries use in their bodies; it
 * is replaced by the photo's URL once the upload lands. Several tabs share one outbox:
 * a Web Lock lets one of them send at a time.
 */
import { useSyncExternalStore } from 'react';
import { onReconnect, serverReached, serverUnreachable } from '../connection';
import type { CourierOrder, CourierStop } from './types';

export const LOCAL_PHOTO = 'local-photo:';

/** How an order looks once an entry lands: shown while it waits. */
export interface Effect {
  order?: Partial<Omit<CourierOrder, 'stops'>>;
  stops?: Array<Pick<CourierStop, 'id'> & Partial<CourierStop>>;
}

export interface OutboxEntry {
  seq?: number;
  userId: number;
  /** The Idempotency-Key. */
  key: string;
  orderId: number;
  method: 'POST' | 'PATCH';
  url: string;
  json?: unknown;
  /** A photo to upload as the body. */
  blob?: Blob;
  /** The upload's local name, for entries that use it before its URL is known. */
  photoRef?: string;
  effect?: Effect;
  /** What it is, for the courier ("Arrived at Restaurant"). */
  label: string;
  createdAt: number;
}

export type Outcome =
  | { state: 'sent'; body: unknown }
  | { state: 'refused'; status: number; message: string }
  /** Not sent yet: it waits in the outbox. */
  | { state: 'queued' };

export interface OutboxState {
  entries: readonly OutboxEntry[];
  /** Upload progress by key, 0..1, while a photo is being sent. */
  progress: ReadonlyMap<string, number>;
  /** The session ended: entries wait until the courier signs in again. */
  needsSignIn: boolean;
  /** The stored entries have been read (until then, `entries` is empty). */
  loaded: boolean;
}

const DB_NAME = 'courier-outbox';
const ENTRIES = 'entries';
const PHOTOS = 'photos';
const RETRY_MAX_MS = 60_000;
const REQUEST_TIMEOUT_MS = 30_000;
const UPLOAD_TIMEOUT_MS = 180_000;

let userId: number | null = null;
let state: OutboxState = { entries: [], progress: new Map(), needsSignIn: false, loaded: false };
const listeners = new Set<() => void>();
const sentListeners = new Set<(entry: OutboxEntry, body: unknown) => void>();
const waiters = new Map<string, (outcome: Outcome) => void>();
/** Photo URLs by local name, once uploaded. */
const photoUrls = new Map<string, string>();
let retryTimer: number | undefined;
let retryDelay = 2000;
let running: Promise<void> | null = null;
let again = false;

function setState(next: Partial<OutboxState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

// ---------------------------------------------------------------------------
// Storage: IndexedDB, or memory where it is unavailable (some private modes)
// ---------------------------------------------------------------------------

let database: Promise<IDBDatabase | null> | null = null;
const memory = { entries: [] as OutboxEntry[], seq: 0 };

function openDatabase(): Promise<IDBDatabase | null> {
  database ??= new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(ENTRIES, { keyPath: 'seq', autoIncrement: true });
        request.result.createObjectStore(PHOTOS);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return database;
}

function transact<T>(store: string, mode: IDBTransactionMode, work: (objects: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return openDatabase().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        if (!db) return reject(new Error('no IndexedDB'));
        const request = work(db.transaction(store, mode).objectStore(store));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      }),
  );
}

async function storedEntries(): Promise<OutboxEntry[]> {
  const all = (await openDatabase()) ? await transact<OutboxEntry[]>(ENTRIES, 'readonly', (store) => store.getAll()) : memory.entries;
  return all.filter((entry) => entry.userId === userId).sort((a, b) => a.seq! - b.seq!);
}

async function addEntry(entry: OutboxEntry): Promise<OutboxEntry> {
  if (!(await openDatabase())) {
    const stored = { ...entry, seq: ++memory.seq };
    memory.entries.push(stored);
    return stored;
  }
  const seq = await transact<IDBValidKey>(ENTRIES, 'readwrite', (store) => store.add(entry));
  return { ...entry, seq: seq as number };
}

async function removeEntry(seq: number): Promise<void> {
  if (!(await openDatabase())) {
    memory.entries = memory.entries.filter((entry) => entry.seq !== seq);
    return;
  }
  await transact(ENTRIES, 'readwrite', (store) => store.delete(seq));
}

async function rememberPhotoUrl(ref: string, url: string): Promise<void> {
  photoUrls.set(ref, url);
  if (await openDatabase()) await transact(PHOTOS, 'readwrite', (store) => store.put(url, ref));
}

async function loadPhotoUrls(): Promise<void> {
  if (!(await openDatabase())) return;
  const [refs, urls] = await Promise.all([
    transact<IDBValidKey[]>(PHOTOS, 'readonly', (store) => store.getAllKeys()),
    transact<string[]>(PHOTOS, 'readonly', (store) => store.getAll()),
  ]);
  refs.forEach((ref, i) => photoUrls.set(String(ref), urls[i]));
}

async function refresh(): Promise<void> {
  setState({ entries: await storedEntries(), loaded: true });
}

// ---------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------

function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const newPhotoRef = () => `${LOCAL_PHOTO}${newKey()}`;

/** The URL of a photo by local name once uploaded, else the name itself. */
export const photoUrlOf = (value: string) => (value.startsWith(LOCAL_PHOTO) ? (photoUrls.get(value) ?? value) : value);

/** Whether the server has the photo (its upload landed). */
export const isUploaded = (value: string) => !photoUrlOf(value).startsWith(LOCAL_PHOTO);

/** Local photo names in a body become URLs; a photo whose upload was refused is left out. */
function withPhotoUrls(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith(LOCAL_PHOTO) ? (photoUrls.get(value) ?? null) : value;
  if (Array.isArray(value)) return value.map(withPhotoUrls).filter((item) => item !== null);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withPhotoUrls(item)]));
  return value;
}

interface Reply {
  status: number;
  text: string;
}

function upload(entry: OutboxEntry): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(entry.method, entry.url);
    request.timeout = UPLOAD_TIMEOUT_MS;
    request.setRequestHeader('Content-Type', entry.blob!.type || 'image/jpeg');
    request.setRequestHeader('Idempotency-Key', entry.key);
    request.setRequestHeader('X-Tapped-At', String(entry.createdAt));
    request.setRequestHeader('X-Sent-At', String(Date.now()));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) setState({ progress: new Map(state.progress).set(entry.key, event.loaded / event.total) });
    };
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = request.ontimeout = request.onabort = () => reject(new Error('network'));
    request.send(entry.blob);
  });
}

async function request(entry: OutboxEntry): Promise<Reply> {
  const response = await fetch(entry.url, {
    method: entry.method,
    credentials: 'same-origin',
    // The phone's clock when the step was tapped and now: the server keeps the tap time when plausible (decision F7).
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': entry.key, 'X-Tapped-At': String(entry.createdAt), 'X-Sent-At': String(Date.now()) },
    body: JSON.stringify(withPhotoUrls(entry.json ?? {})),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, text: await response.text() };
}

/** The server's sentence from an error body. */
function messageOf(reply: Reply): string {
  try {
    const body = JSON.parse(reply.text) as { error?: string; details?: string };
    return body.details || body.error || reply.text;
  } catch {
    return reply.text || `Request failed (${reply.status})`;
  }
}

const isRetryable = (status: number) => status >= 500 || status === 408 || status === 429;

function settle(entry: OutboxEntry, outcome: Outcome): void {
  waiters.get(entry.key)?.(outcome);
  waiters.delete(entry.key);
}

/** Sends the waiting entries in order until one has to wait. */
async function sendAll(): Promise<void> {
  for (;;) {
    const [entry] = await storedEntries();
    if (!entry) break;
    if (!navigator.onLine) {
      serverUnreachable();
      return waitAndRetry();
    }
    let reply: Reply;
    try {
      reply = entry.blob ? await upload(entry) : await request(entry);
      serverReached();
    } catch {
      serverUnreachable();
      return waitAndRetry();
    } finally {
      if (state.progress.has(entry.key)) {
        const progress = new Map(state.progress);
        progress.delete(entry.key);
        setState({ progress });
      }
    }
    if (reply.status === 401) {
      setState({ needsSignIn: true });
      return waitAndRetry();
    }
    if (isRetryable(reply.status)) return waitAndRetry();

    const landed = reply.status < 300;
    const body: unknown = landed && reply.text ? JSON.parse(reply.text) : null;
    if (landed && entry.photoRef) await rememberPhotoUrl(entry.photoRef, (body as { url: string }).url);
    await removeEntry(entry.seq!);
    retryDelay = 2000;
    setState({ entries: state.entries.filter((candidate) => candidate.seq !== entry.seq), needsSignIn: false });
    if (landed) {
      for (const listener of sentListeners) listener(entry, body);
      settle(entry, { state: 'sent', body });
    } else {
      settle(entry, { state: 'refused', status: reply.status, message: messageOf(reply) });
    }
  }
}

function waitAndRetry(): void {
  for (const entry of state.entries) settle(entry, { state: 'queued' });
  window.clearTimeout(retryTimer);
  retryTimer = window.setTimeout(() => void flush(), retryDelay);
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
}

/** Sends what waits (one tab at a time); a call while sending runs again afterwards. */
export function flush(): Promise<void> {
  if (userId == null) return Promise.resolve();
  if (running) {
    again = true;
    return running;
  }
  const work = async () => {
    do {
      again = false;
      await sendAll();
    } while (again);
    await refresh();
  };
  // The lock's typing wraps the callback's promise once more; it resolves when work() does.
  const locked = navigator.locks ? (navigator.locks.request('courier-outbox', work) as Promise<unknown> as Promise<void>) : work();
  const current = locked.finally(() => {
    running = null;
  });
  running = current;
  return current;
}

// ---------------------------------------------------------------------------
// The islands' side
// ---------------------------------------------------------------------------

let started: Promise<void> | null = null;

/** Loads this courier's waiting entries and starts sending; safe to call from every island. */
export function startOutbox(courierUserId: number): Promise<void> {
  if (started && userId === courierUserId) return started;
  userId = courierUserId;
  started = (async () => {
    await loadPhotoUrls().catch(() => undefined);
    await refresh();
    const sendNow = () => {
      retryDelay = 2000;
      void flush();
    };
    window.addEventListener('online', sendNow);
    // Any answer from the server after none could come (a list's poll, the socket) sends what waits, without the backoff's wait.
    onReconnect(sendNow);
    document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && void flush());
    void flush();
  })();
  return started;
}

export type NewEntry = Omit<OutboxEntry, 'seq' | 'key' | 'userId' | 'createdAt'>;

/**
 * Puts a request in the outbox (resolved once it is stored, so entries keep the order
 * they were made in) and starts sending. `outcome` resolves when it landed, was refused,
 * or has to wait.
 */
export async function submit(entry: NewEntry): Promise<{ outcome: Promise<Outcome> }> {
  if (userId == null) throw new Error('startOutbox first');
  const stored = await addEntry({ ...entry, key: newKey(), userId, createdAt: Date.now() });
  setState({ entries: [...state.entries, stored] });
  const outcome = new Promise<Outcome>((resolve) => waiters.set(stored.key, resolve));
  void flush();
  return { outcome };
}

export async function enqueue(entry: NewEntry): Promise<Outcome> {
  return (await submit(entry)).outcome;
}

/** Called with each entry that landed and the server's reply (the order as it now is). */
export function onSent(listener: (entry: OutboxEntry, body: unknown) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverState: OutboxState = { entries: [], progress: new Map(), needsSignIn: false, loaded: false };

export function useOutbox(): OutboxState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
}

/** The order with what its waiting entries will do to it. */
export function withPending(order: CourierOrder, entries: readonly OutboxEntry[]): CourierOrder {
  let result = order;
  for (const entry of entries) {
    if (entry.orderId !== order.id || !entry.effect) continue;
    const { order: fields, stops } = entry.effect;
    if (fields) result = { ...result, ...fields };
    if (stops) result = { ...result, stops: result.stops.map((stop) => ({ ...stop, ...stops.find((change) => change.id === stop.id) })) };
  }
  return result;
}

const previews = new Map<string, string>();

/** Where to show a photo from: its URL, or the picture still waiting on the phone. */
export function photoSrc(value: string, entries: readonly OutboxEntry[]): string | null {
  const url = photoUrlOf(value);
  if (!url.startsWith(LOCAL_PHOTO)) return url;
  let preview = previews.get(url);
  const pending = entries.find((entry) => entry.photoRef === url)?.blob;
  if (!preview && pending) previews.set(url, (preview = URL.createObjectURL(pending)));
  return preview ?? null;
}
