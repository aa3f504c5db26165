/** Islands of the courier area (see ./index.ts). */
import CourierDashboard from '../../../islands/CourierDashboard';
import CourierEarningsRange from '../../../islands/CourierEarningsRange';
import CourierProfile from '../../../islands/CourierProfile';
import CourierSync from '../../../islands/CourierSync';
import CourierTasks from '../../../islands/CourierTasks';

export const courierIslands = { CourierDashboard, CourierEarningsRange, CourierProfile, CourierSync, CourierTasks } as const;
