import { CreateStock1795400000000 } from './1795400000000-create-stock.js';

/** Migrations of the inventory schema, in order. Each feature adds its own; never edit a landed one. */
export const inventoryMigrations = [CreateStock1795400000000];
