/**
 * @amora/companion: the built-in companion engine and the safety layer that stands in front of
 * every engine (built-in and OpenAI-compatible). Pure TypeScript: no database, no Fastify.
 * Import modules by path, e.g. '@amora/companion/safety/index.ts'.
 */
export const COMPANION_PACKAGE = '@amora/companion';
