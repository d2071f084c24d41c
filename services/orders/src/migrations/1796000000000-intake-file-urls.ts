import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An order's photo or voice note moved from the public /uploads/intake/… to /api/files/intake/…,
 * which only signed-in users reach (docs/decisions/0012): orders that name the old URL name the new.
 */
export class IntakeFileUrls1796000000000 implements MigrationInterface {
  name = 'IntakeFileUrls1796000000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const column of ['uploaded_file_url', 'audio_file_url']) {
      await runner.query(
        `UPDATE orders.orders SET ${column} = '/api/files/' || substr(${column}, length('/uploads/') + 1)
         WHERE ${column} LIKE '/uploads/intake/%'`,
      );
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const column of ['uploaded_file_url', 'audio_file_url']) {
      await runner.query(
        `UPDATE orders.orders SET ${column} = '/uploads/' || substr(${column}, length('/api/files/') + 1)
         WHERE ${column} LIKE '/api/files/intake/%'`,
      );
    }
  }
}
