/**
 * Every island, by the name of its file in islands/. The build makes one bundle per
 * file; a unit test keeps this list and the folder the same. Each area keeps its own
 * list so their changes never collide.
 */
import LoginForm from '../../../islands/LoginForm';
import OrderListFilter from '../../../islands/OrderListFilter';
import { adminIslands } from './admin';
import { businessIslands } from './business';
import { courierIslands } from './courier';
import { liveIslands } from './live';

export const islands = { LoginForm, OrderListFilter, ...adminIslands, ...businessIslands, ...courierIslands, ...liveIslands } as const;

export type IslandName = keyof typeof islands;
