/** The GPS page's words, in Russian as the spec says (spec 1-foundations-and-admin.md §2.12), and its colours. */
import type { GpsFreshness } from '../../../src/domain/indicators';
import { relativeAge } from '../../../src/domain/time';

export const RU = {
  list: 'Активные курьеры',
  of: 'из',
  refresh: 'Обновить',
  refreshing: 'Обновление…',
  loading: 'Загрузка курьеров...',
  empty: 'Нет курьеров с координатами',
  badges: { online: 'Онлайн', recent: 'Недавно', offline: 'Офлайн' } satisfies Record<GpsFreshness, string>,
  updated: 'обновлено',
  justNow: 'только что',
  live: 'Обновления в реальном времени',
  connecting: 'Подключение к обновлениям…',
  polling: 'Нет соединения в реальном времени: обновление каждые 30 с',
  mapError: 'Не удалось загрузить карту',
  mapErrorDetail: 'Сервис карт недоступен. Показана схема; список курьеров обновляется.',
  noTiles: 'Карта недоступна (фрагменты карты не загружаются). Показана схема расположения.',
  legend: 'Легенда',
  legendItems: [
    ['#16a34a', 'circle', 'Курьер онлайн'],
    ['#d97706', 'circle', 'Недавно'],
    ['#dc2626', 'circle', 'Офлайн'],
    ['#2563eb', 'square', 'Рестораны (P)'],
    ['#7c3aed', 'diamond', 'Клиенты (D)'],
  ],
  restaurant: 'Ресторан',
  customer: 'Клиент',
  order: 'заказ',
  approximate: 'приблизительное местоположение',
  track: 'Недавний маршрут',
  map: 'Карта курьеров',
  vehicle: 'Транспорт',
};

/** What the map itself says, in either language. */
export type MapWords = Pick<
  typeof RU,
  'badges' | 'noTiles' | 'mapError' | 'mapErrorDetail' | 'legend' | 'legendItems' | 'restaurant' | 'customer' | 'order' | 'approximate' | 'track' | 'map'
>;

/** The dispatch board's map (issue 29), in the admin area's English. */
export const EN: MapWords = {
  badges: { online: 'Online', recent: 'Seen recently', offline: 'Offline' },
  noTiles: 'The map is unavailable (its tiles do not load). Showing a schematic of where everyone is.',
  mapError: 'Could not load the map',
  mapErrorDetail: 'The maps service is unavailable. Showing a schematic; the couriers keep updating.',
  legend: 'Legend',
  legendItems: [
    ['#16a34a', 'circle', 'Courier online'],
    ['#d97706', 'circle', 'Seen recently'],
    ['#dc2626', 'circle', 'Offline'],
    ['#2563eb', 'square', 'Pickup (P)'],
    ['#7c3aed', 'diamond', 'Customer (D)'],
  ],
  restaurant: 'Pickup',
  customer: 'Customer',
  order: 'order',
  approximate: 'approximate location',
  track: 'Recent route',
  map: 'Couriers map',
};

/** The map's height unless the page says otherwise. */
export const DEFAULT_HEIGHT = 'h-[60dvh]';

export const COLORS: Record<GpsFreshness, string> = { online: '#16a34a', recent: '#d97706', offline: '#dc2626' };
export const RESTAURANT_COLOR = '#2563eb';
export const CUSTOMER_COLOR = '#7c3aed';
export const BADGES: Record<GpsFreshness, string> = {
  online: 'bg-emerald-100 text-emerald-800',
  recent: 'bg-amber-100 text-amber-800',
  offline: 'bg-red-100 text-red-800',
};
const relativeFormat = new Intl.RelativeTimeFormat('ru', { numeric: 'auto' });
export function updatedAgo(time: number | null, now: number): string {
  if (time == null) return '—';
  const { unit, value } = relativeAge(time, now);
  if (unit === 'now') return `${RU.updated} ${RU.justNow}`;
  return `${RU.updated} ${relativeFormat.format(-value, unit === 'minutes' ? 'minute' : unit === 'hours' ? 'hour' : 'day')}`;
}
