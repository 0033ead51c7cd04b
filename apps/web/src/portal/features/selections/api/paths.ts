/** The portal API's selection paths (packages/contract/src/selections.ts lists them). */
export const selectionsPath = (entity: number) => `/entities/${entity}/selections`;
export const selectionPath = (entity: number, selection: number) => `${selectionsPath(entity)}/${selection}`;
