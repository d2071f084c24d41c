import type { DataSource, EntityMetadata, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** PostgreSQL's identifier limit: TypeORM shortens longer column aliases, which this reader does not. */
const MAX_ALIAS_LENGTH = 63;

/**
 * The builder's rows as objects of the entity's shape, mapped once from what node-postgres returns.
 * `getMany()` runs the same SQL but then hydrates through TypeORM's result transformer, which on a
 * page of 100 costs several times the query itself (docs/benchmarks.md). Each value still goes
 * through the driver's own conversion (dates, transformers), so the objects equal getMany()'s.
 *
 * For list reads outside a transaction whose builder selects one entity's own columns: no joins,
 * no relations, no custom select.
 */
export async function readEntities<T extends ObjectLiteral>(builder: SelectQueryBuilder<T>): Promise<T[]> {
  const { mainAlias } = builder.expressionMap;
  if (!mainAlias?.hasMetadata || builder.expressionMap.joinAttributes.length > 0) {
    throw new Error('readEntities reads one entity without joins');
  }
  const { metadata } = mainAlias;
  const prefix = `${mainAlias.name}_`;
  for (const column of metadata.columns) {
    const key = prefix + column.databaseName;
    if (key.length > MAX_ALIAS_LENGTH) throw new Error(`readEntities: the alias ${key} is too long`);
  }
  const [sql, parameters] = builder.getQueryAndParameters();
  const rows = (await builder.connection.query(sql, parameters)) as Array<Record<string, unknown>>;
  return rows.map((row) => entityFromRow<T>(metadata, builder.connection.driver, row, prefix));
}

/**
 * An entity from a row keyed by column names (a `RETURNING *`), or by `prefix` + column name (a
 * query builder's select), each value through the driver's own conversion, as TypeORM would hydrate it.
 */
export function entityFromRow<T extends ObjectLiteral>(
  metadata: EntityMetadata,
  driver: DataSource['driver'],
  row: Record<string, unknown>,
  prefix = '',
): T {
  const entity = metadata.create() as T;
  for (const column of metadata.columns) {
    (entity as Record<string, unknown>)[column.propertyName] = driver.prepareHydratedValue(
      row[prefix + column.databaseName],
      column,
    );
  }
  return entity;
}
