/** Business customer types (spec 1-foundations-and-admin.md §9): restaurant (the default) or pharmacy. */
export const CUSTOMER_TYPES = ['restaurant', 'pharmacy'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const CUSTOMER_TYPE_LABELS: Record<CustomerType, string> = { restaurant: 'Restaurant', pharmacy: 'Pharmacy' };
