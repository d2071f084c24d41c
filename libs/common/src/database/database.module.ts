import { serviceSchema, type ServiceName } from '@erp/contracts';
import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import pg from 'pg';
import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';

export interface ServiceDatabaseOptions {
  service: ServiceName;
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity classes
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for migration classes
  migrations: MixedList<Function | string>;
}

/** Creates the service's schema if it is missing, so TypeORM can keep its migrations table there. */
export async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } finally {
    await client.end();
  }
}

export function dataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  const schema = serviceSchema(options.service);
  return {
    type: 'postgres',
    url: options.url,
    schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    applicationName: `erp-${options.service}`,
    extra: { max: 10, connectionTimeoutMillis: 5_000 },
  };
}

/**
 * A service's own DataSource in its own schema, migrations run at start (never synchronize).
 * Another service's tables are never reached from here: RPC or events only.
 */
export class DatabaseModule {
  static forService(options: ServiceDatabaseOptions): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(options),
          dataSourceFactory: async (dataSourceOptions?: DataSourceOptions) => {
            if (!dataSourceOptions) throw new Error('Database options are missing');
            await ensureSchema(options.url, serviceSchema(options.service));
            return new DataSource(dataSourceOptions).initialize();
          },
        }),
      ],
    };
  }
}
