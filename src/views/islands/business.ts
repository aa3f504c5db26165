/** Islands of the business area (see ./index.ts). */
import ApiKeyForm from '../../../islands/ApiKeyForm';
import ChangePasswordForm from '../../../islands/ChangePasswordForm';
import EditOrderForm from '../../../islands/EditOrderForm';
import MapWidget from '../../../islands/MapWidget';
import MultiStopOrderForm from '../../../islands/MultiStopOrderForm';
import SingleOrderForm from '../../../islands/SingleOrderForm';
import WebhookEndpointForm from '../../../islands/WebhookEndpointForm';

export const businessIslands = { ApiKeyForm, ChangePasswordForm, EditOrderForm, MapWidget, MultiStopOrderForm, SingleOrderForm, WebhookEndpointForm } as const;
