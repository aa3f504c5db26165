/** Islands of the live positions feature (issue 6; see ./index.ts). */
import CourierTracking from '../../../islands/CourierTracking';

export const liveIslands = { CourierTracking } as const;
