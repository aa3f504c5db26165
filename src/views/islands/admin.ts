/** Islands of the admin area (see ./index.ts). */
import AssignOrderDialog from '../../../islands/AssignOrderDialog';
import CourierDialog from '../../../islands/CourierDialog';
import EarningsReport from '../../../islands/EarningsReport';
import RestaurantDialog from '../../../islands/RestaurantDialog';
import ZoneDialog from '../../../islands/ZoneDialog';

export const adminIslands = { AssignOrderDialog, CourierDialog, EarningsReport, RestaurantDialog, ZoneDialog } as const;
