/** The pages of each area, as their users reach them (the authorization matrix and the region checks walk them). */
export const BUSINESS_PAGES = [
  '/restaurant',
  '/dashboard',
  '/restaurant/orders',
  '/orders',
  '/restaurant/create-order',
  '/create-order',
  '/restaurant/profile',
  '/profile',
];
export const BUSINESS_DIALOGS = [
  '/restaurant/orders/:id/live',
  '/restaurant/orders/:id',
  '/restaurant/orders/:id/edit',
  '/orders/:id/live',
  '/orders/:id',
  '/orders/:id/edit',
];
export const ADMIN_PAGES = [
  '/admin',
  '/admin/zones',
  '/admin/orders',
  '/admin/plan',
  '/admin/couriers',
  '/admin/courier-tracking',
  '/admin/restaurants',
  '/admin/earnings',
  '/admin/messages',
];
export const COURIER_PAGES = ['/courier/dashboard', '/courier/tasks', '/courier/profile', '/courier/earnings'];
