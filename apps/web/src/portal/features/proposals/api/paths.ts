/** The portal API's proposal paths (packages/contract/src/proposals.ts lists them). */
export const proposalsPath = (entity: number) => `/entities/${entity}/proposals`;
export const proposalPath = (entity: number, proposal: number) => `${proposalsPath(entity)}/${proposal}`;
