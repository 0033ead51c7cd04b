/** The portal API's change order paths (packages/contract/src/change-orders.ts lists them). */
export const changeOrdersPath = (entity: number) => `/entities/${entity}/change-orders`;
export const changeOrderPath = (entity: number, changeOrder: number) => `${changeOrdersPath(entity)}/${changeOrder}`;
