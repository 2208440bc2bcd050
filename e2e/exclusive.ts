/**
 * Journeys that change what every visitor sees (the maintenance flag, the theme event) or need a
 * fixed extra port run in the `*-exclusive` projects, after all other journeys and one at a time,
 * so that the other journeys can run two at a time (playwright.config.ts).
 */
export const EXCLUSIVE = { tag: '@exclusive' } as const;
