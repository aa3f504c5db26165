/** Islands of the business area (see ./index.ts). */
import ChangePasswordForm from '../../../islands/ChangePasswordForm';
import EditOrderForm from '../../../islands/EditOrderForm';
import MapWidget from '../../../islands/MapWidget';
import MultiStopOrderForm from '../../../islands/MultiStopOrderForm';
import SingleOrderForm from '../../../islands/SingleOrderForm';

export const businessIslands = { ChangePasswordForm, EditOrderForm, MapWidget, MultiStopOrderForm, SingleOrderForm } as const;
