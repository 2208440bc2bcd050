/**
 * Journeys that change what every visitor of the shared server sees (the maintenance flag, the
 * theme event, the offers, the pace, the purchase policy) run in the `*-exclusive` projects, after
 * all other journeys and one at a time, so that the other journeys can run two at a time
 * (playwright.config.ts). A journey with a server of its own (`own-server.ts`) changes nothing
 * the others see and runs beside them (decision 209).
 */
export const EXCLUSIVE = { tag: '@exclusive' } as const;
