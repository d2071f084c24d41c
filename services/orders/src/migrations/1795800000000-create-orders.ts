import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Clients, orders and their items (SPEC §3), and the yearly counters behind order numbers.
 * Money is numeric(12,2) per price and numeric(14,2) per total; quantities numeric(14,3)
 * (docs/decisions/0005). Searches go through a folded search key, as stock's do.
 */
export class CreateOrders1795800000000 implements MigrationInterface {
  name = 'CreateOrders1795800000000';

  async up(runner: QueryRunner): Promise<void> {
    // Services migrate at the same time at start: one CREATE EXTENSION at a time, or two racing
    // ones collide on pg_extension's unique name.
    await runner.query(`SELECT pg_advisory_xact_lock(hashtext('erp:create-extension'))`);
    await runner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    // The same folding as libs/common/src/search/search-key.ts (and inventory.search_key).
    await runner.query(`
      CREATE FUNCTION orders.search_key(text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        RETURN translate(
          lower($1),
          chr(1571) || chr(1573) || chr(1570) || chr(1649) || chr(1609) || chr(1577) || chr(1600)
            || chr(1611) || chr(1612) || chr(1613) || chr(1614) || chr(1615) || chr(1616) || chr(1617) || chr(1618),
          chr(1575) || chr(1575) || chr(1575) || chr(1575) || chr(1610) || chr(1607))`);

    await runner.query(`
      CREATE TABLE orders.clients (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        name_ar text,
        phone text,
        email text,
        address text,
        notes text,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid,
        search_key text GENERATED ALWAYS AS (
          orders.search_key(name || ' ' || coalesce(name_ar, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(email, ''))
        ) STORED
      )`);
    await runner.query(`CREATE INDEX clients_name_idx ON orders.clients (lower(btrim(name)), created_at)`);
    await runner.query(`CREATE INDEX clients_created_idx ON orders.clients (created_at DESC, id DESC)`);
    await runner.query(`CREATE INDEX clients_search_trgm_idx ON orders.clients USING gin (search_key gin_trgm_ops)`);

    await runner.query(`
      CREATE TABLE orders.order_number_counters (
        year integer PRIMARY KEY,
        last_number integer NOT NULL
      )`);

    await runner.query(`
      CREATE TABLE orders.orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_number text NOT NULL UNIQUE,
        client_id uuid REFERENCES orders.clients (id) ON DELETE SET NULL,
        client_name text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'completed', 'cancelled')),
        total_amount numeric(14,2) NOT NULL DEFAULT 0,
        notes text,
        raw_order_text text,
        transcribed_text text,
        uploaded_file_url text,
        audio_file_url text,
        source text NOT NULL DEFAULT 'manual' CHECK (source IN ('manual', 'text', 'image', 'voice', 'api')),
        -- The calendar day it was placed, in the business time zone: what reports group by.
        business_day date NOT NULL,
        -- The first entry into confirmed or completed: the event that becomes the invoice.
        first_committed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid,
        search_key text GENERATED ALWAYS AS (orders.search_key(order_number || ' ' || client_name)) STORED
      )`);
    await runner.query(`CREATE INDEX orders_created_idx ON orders.orders (created_at DESC, id DESC)`);
    await runner.query(`CREATE INDEX orders_client_idx ON orders.orders (client_id, created_at DESC)`);
    await runner.query(`CREATE INDEX orders_status_idx ON orders.orders (status, created_at DESC)`);
    await runner.query(`CREATE INDEX orders_search_trgm_idx ON orders.orders USING gin (search_key gin_trgm_ops)`);

    await runner.query(`
      CREATE TABLE orders.order_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders.orders (id) ON DELETE CASCADE,
        line_no integer NOT NULL,
        stock_item_id uuid,
        sku text,
        item_name text NOT NULL,
        item_name_ar text,
        quantity numeric(14,3) NOT NULL CHECK (quantity > 0),
        unit text NOT NULL DEFAULT 'piece',
        unit_price numeric(12,2) NOT NULL CHECK (unit_price >= 0),
        total_price numeric(14,2) NOT NULL,
        unit_cost numeric(12,2),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (order_id, line_no)
      )`);
    await runner.query(`CREATE INDEX order_items_stock_item_idx ON orders.order_items (stock_item_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE orders.order_items`);
    await runner.query(`DROP TABLE orders.orders`);
    await runner.query(`DROP TABLE orders.order_number_counters`);
    await runner.query(`DROP TABLE orders.clients`);
    await runner.query(`DROP FUNCTION orders.search_key(text)`);
  }
}
