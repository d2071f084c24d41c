/** Migrations of the ai-parser schema, in order. Each feature adds its own; never edit a landed one. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM takes migration classes
export const aiParserMigrations: Function[] = [];
